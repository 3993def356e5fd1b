import type { LanguageSynonyms } from "./types";

export const italian: LanguageSynonyms = {
  language: "it",
  name: "Italian",
  history: ["storico", "cronologia", "archiviato", "sessioni precedenti", "registro delle sessioni", "obsoleto"],
  context: [
    "ambiente", "file modificati", "file chiave", "file rilevanti", "domande aperte", "leggere prima", "da leggere",
  ],
  resumeCommand: ["comando di ripresa", "come riprendere", "prompt di continuazione", "per riprendere"],
  nextAction: [
    "prossim(o|i) … pass(o|i)", "passi successivi", "prossima azione", "prossime azioni", "prossima sessione",
    "sessione successiva", "prossim(o|i) task", "prossim(a|e) attività", "todo prossima sessione", "da fare",
  ],
  verification: [
    "verifica", "verifiche", "validazione", "test", "collaudo", "comandi di verifica", "test build", "controlli",
  ],
  decisions: ["decisione", "decisioni", "scelte"],
  resumePointer: ["handoff precedente", "passaggio precedente", "sessione precedente", "catena di handoff"],
  identity: ["identità", "metadati", "informazioni sulla sessione", "dati della sessione", "=sessione", "=agente"],
  goal: ["obiettiv(o|i)", "^scopo", "^missione", "^compito", "richiesta originale"],
  constraints: ["vincol(o|i)", "istruzioni dell'utente"],
  state: [
    "^stato", "stato attuale", "situazione attuale", "progress(o|i)", "avanzamento", "a che punto siamo",
    "lavoro svolto", "cosa è stato fatto", "fatto", "completat(o|a|i|e)", "terminat(o|a|i|e)", "in corso",
    "non iniziat(o|a|i|e)", "riepilogo",
  ],
  remaining: ["lavoro rimanente", "attività rimanenti", "cosa manca", "da completare", "in sospeso"],
  status: {
    done: ["fatto", "completat(o|a|i|e)", "terminat(o|a|i|e)", "lavoro svolto", "cosa è stato fatto", "risolt(o|i)"],
    inProgress: ["in corso", "in lavorazione", "parziale"],
    notStarted: ["non iniziat(o|a|i|e)", "da fare", "in sospeso", "cosa manca", "rimanent(e|i)", "bloccat(o|a)", "rimandat(o|a)"],
  },
  other: ["blocchi", "domande", "risch(io|i)", "not(a|e)", "contesto", "riferimenti", "architettura", "ipotesi"],
  labels: {
    identity: ["identità", "metadati"],
    goal: ["obiettivo", "obiettivi", "scopo", "vincoli"],
    decisions: ["decisione", "decisioni", "decisioni prese"],
    state: ["stato", "stato attuale", "fatto", "completato", "in corso", "in sospeso", "non iniziato"],
    nextAction: ["prossimo passo", "prossimi passi", "passo successivo", "prossima azione", "todo prossima sessione"],
    verification: ["verifica", "comandi di verifica", "validazione", "test"],
    resumePointer: ["handoff precedente"],
    resumeCommand: ["comando di ripresa", "come riprendere"],
  },
};
