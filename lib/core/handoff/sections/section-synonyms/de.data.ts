import type { LanguageSynonyms } from "./types";

export const german: LanguageSynonyms = {
  language: "de",
  name: "German",
  history: [
    "Verlauf", "Historie", "archiviert", "Archiv", "frühere Sitzungen", "Sitzungsprotokoll", "Änderungsprotokoll",
    "veraltet",
  ],
  context: ["Umgebung", "Umgebungsinformationen", "geänderte Dateien", "offene Fragen", "zuerst lesen", "Pflichtlektüre"],
  resumeCommand: [
    "Fortsetzungsbefehl", "Befehl zum Fortsetzen", "wie fortsetzen", "Wiederaufnahme-Befehl", "Einstiegs-Prompt",
  ],
  nextAction: [
    "nächste(r|n) … Schritt(e)", "naechste(r|n) … Schritt(e)", "nächste Aufgabe(n)", "nächste Sitzung",
    "als Nächstes", "weiteres Vorgehen",
    // "Next" alone names the next step in any compound: "Nächster verbindlicher Arbeitsschritt", "Nächster Entwicklungsschritt nach dem Smoke-Test".
    "nächste(r|n|s)", "naechste(r|n|s)",
  ],
  verification: [
    "Verifikation", "verifizieren", "verifiziert", "Überprüfung", "prüfen", "Prüfung(en)", "testen", "Nachweis(e)",
    "Validierung", "Kontrolle", "Prüfbefehle", "Testergebnisse", "Befehle",
  ],
  decisions: ["Entscheidung(en)", "Beschlüsse"],
  resumePointer: ["Wiederaufnahme-Zeiger", "Fortsetzungszeiger", "vorherige Übergabe", "Übergabekette"],
  identity: [
    "Identität", "Sitzungsidentität", "Metadaten", "Sitzungsinformationen", "Sitzungsdaten", "=Sitzung", "=Agent",
  ],
  goal: ["Ziel(e)", "^Auftrag", "^Aufgabe", "^Zweck", "ursprüngliche Anfrage"],
  constraints: ["Einschränkung(en)", "Randbedingung(en)", "Rahmenbedingungen", "Vorgaben"],
  state: [
    "=Stand", "Stand der Dinge", "Stand der Arbeit(en)", "aktuelle(r) Stand", "letzte(r) Stand", "Projektstand", "Arbeitsstand", "^Status", "aktueller Status", "Fortschritt", "Zwischenstand",
    // The head of a compound: "Endstand", "Arbeitsstand", "RCBO-/FI-LS-Endstand"; "Repository-Stand nach dem Merge".
    "~stand", "Stand nach",
    "wo wir stehen", "erledigt", "abgeschlossen", "=fertig", "umgesetzt", "behoben", "in Arbeit", "in Bearbeitung",
    "=offen", "nicht begonnen", "ausstehend",
  ],
  remaining: [
    "offene Punkte", "offene Aufgaben", "verbleibende Arbeit(en)", "verbleibende Aufgaben", "noch zu tun",
  ],
  status: {
    done: ["erledigt", "abgeschlossen", "fertig", "umgesetzt", "behoben", "gemergt"],
    inProgress: ["in Arbeit", "in Bearbeitung", "laufend", "teilweise"],
    notStarted: [
      "nicht begonnen", "offen", "offene Punkte", "ausstehend", "noch zu tun", "verbleibend(e)", "blockiert",
      "zurückgestellt",
    ],
  },
  other: [
    "Blocker", "Fragen", "Risiken", "Risiko", "Hinweise", "Notizen", "Anmerkungen", "Dateien", "Kontext",
    "Zusammenfassung", "Hintergrund", "Architektur", "Referenzen", "Annahmen", "Fallstricke", "bekannte Probleme",
  ],
  labels: {
    identity: ["Identität", "Metadaten"],
    goal: ["Ziel", "Ziele", "Aufgabe", "Einschränkungen"],
    decisions: ["Entscheidungen", "Entscheidung"],
    state: ["aktueller Stand", "Status", "erledigt", "in Arbeit", "offen", "nicht begonnen"],
    nextAction: ["nächster Schritt", "nächste Schritte", "als Nächstes"],
    verification: ["Verifikation", "Prüfbefehle", "Tests", "Überprüfung"],
    resumePointer: ["Wiederaufnahme-Zeiger", "vorherige Übergabe"],
    resumeCommand: ["Fortsetzungsbefehl"],
  },
};
