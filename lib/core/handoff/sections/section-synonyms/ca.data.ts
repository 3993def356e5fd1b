import type { LanguageSynonyms } from "./types";

export const catalan: LanguageSynonyms = {
  language: "ca",
  name: "Catalan",
  history: ["històric", "historial", "arxivat", "sessions anteriors", "registre de sessions", "obsolet"],
  context: [
    "entorn", "fitxers modificats", "fitxers clau", "fitxers rellevants", "preguntes obertes", "llegir primer", "a llegir",
  ],
  resumeCommand: ["ordre per reprendre", "com reprendre", "prompt de continuació", "per reprendre"],
  nextAction: [
    "propers passos", "següents passos", "pas següent", "propera acció", "properes accions", "propera sessió",
    "sessió següent", "prioritats immediates", "prioritats", "tasques pendents", "pendents", "per fer",
  ],
  verification: ["verificació", "verificacions", "validació", "proves", "ordres de verificació", "comprovacions"],
  decisions: ["decisió", "decisions", "decisions preses"],
  resumePointer: ["handoff anterior", "traspàs anterior", "sessió anterior", "cadena de handoffs"],
  identity: ["identitat", "metadades", "informació de la sessió", "dades de la sessió", "=sessió", "=agent"],
  goal: ["objectiu(s)", "^propòsit", "^missió", "^tasca", "petició original"],
  constraints: ["restricci(ó|ons)", "instruccions de l'usuari"],
  state: [
    "^estat", "estat actual", "situació actual", "progrés", "avenç", "on som", "feina feta", "què s'ha fet",
    "fet", "completat(s)", "acabat(s)", "en curs", "no començat(s)", "resum",
  ],
  remaining: ["feina pendent", "tasques restants", "què falta", "per completar"],
  status: {
    done: ["fet", "completat(s)", "acabat(s)", "feina feta", "què s'ha fet", "resolt(s)"],
    inProgress: ["en curs", "en procés", "parcial"],
    notStarted: ["no començat(s)", "per fer", "pendent(s)", "tasques pendents", "què falta", "bloquejat(s)", "ajornat(s)"],
  },
  other: ["bloquejos", "preguntes", "risc(os)", "not(a|es)", "context", "referències", "arquitectura", "hipòtesis"],
  labels: {
    identity: ["identitat", "metadades"],
    goal: ["objectiu", "objectius", "propòsit", "restriccions"],
    decisions: ["decisió", "decisions", "decisions preses"],
    state: ["estat", "estat actual", "fet", "completat", "en curs", "pendent", "no començat"],
    nextAction: ["proper pas", "propers passos", "pas següent", "propera acció"],
    verification: ["verificació", "ordres de verificació", "validació", "proves"],
    resumePointer: ["handoff anterior"],
    resumeCommand: ["ordre per reprendre", "com reprendre"],
  },
};
