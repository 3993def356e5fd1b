import type { LanguageSynonyms } from "./types";

export const french: LanguageSynonyms = {
  language: "fr",
  name: "French",
  history: ["historique", "archivé(e)", "sessions précédentes", "journal des sessions", "obsolète"],
  context: [
    "environnement", "fichiers modifiés", "fichiers créés", "questions ouvertes", "à lire d'abord",
    "lecture obligatoire",
  ],
  resumeCommand: ["commande de reprise", "comment reprendre", "prompt de continuation", "prompt de reprise"],
  nextAction: [
    "prochaine(s) … étape(s)", "prochaine(s) action(s)", "prochaine session", "prochaine(s) tâche(s)",
    "étape(s) suivante(s)", "=suite", "=la suite",
  ],
  verification: [
    "vérification(s)", "vérifier", "tester", "preuve(s)", "contrôle(s)", "commandes de vérification", "commandes",
  ],
  decisions: ["décision(s)", "choix techniques"],
  resumePointer: ["pointeur de reprise", "passation précédente", "handoff précédent", "chaîne de passation"],
  identity: ["identité", "identité de la session", "métadonnées", "informations de session", "=session", "=agent"],
  goal: ["objectif(s)", "^but", "^mission", "^tâche", "demande initiale", "demande de l'utilisateur"],
  constraints: ["contrainte(s)", "consignes"],
  state: [
    "^état", "état actuel", "état des lieux", "^statut", "avancement", "progression", "où on en est",
    "où en est-on", "où nous en sommes", "ce qui a été fait", "fait", "terminé(e)(s)", "réalisé(e)(s)", "en cours",
    "non commencé(e)(s)",
  ],
  remaining: ["à faire", "reste à faire", "travail restant", "tâches restantes"],
  status: {
    done: ["fait", "terminé(e)(s)", "réalisé(e)(s)", "achevé(e)(s)", "ce qui a été fait"],
    inProgress: ["en cours", "partiel(le)", "partiellement"],
    notStarted: [
      "non commencé(e)(s)", "pas commencé", "à faire", "reste à faire", "restant(e)(s)", "en attente", "bloqué(e)",
      "reporté(e)",
    ],
  },
  other: [
    "blocage(s)", "question(s)", "risque(s)", "note(s)", "fichiers", "contexte", "références",
    "architecture", "hypothèses", "pièges", "points d'attention",
  ],
  labels: {
    identity: ["identité", "métadonnées"],
    goal: ["objectif(s)", "tâche", "contraintes"],
    decisions: ["décision(s)", "décisions prises"],
    state: ["état", "état actuel", "statut", "fait", "terminé", "en cours", "à faire", "non commencé"],
    nextAction: ["prochaine étape", "prochaines étapes", "étape suivante", "prochaine action"],
    verification: ["vérification", "commandes de vérification", "tests"],
    resumePointer: ["pointeur de reprise", "passation précédente"],
    resumeCommand: ["commande de reprise", "comment reprendre"],
  },
};
