import type { LanguageSynonyms } from "./types";

export const portuguese: LanguageSynonyms = {
  language: "pt",
  name: "Portuguese",
  history: ["histórico", "arquivado", "sessões anteriores", "registro de sessões", "log de sessões", "obsoleto"],
  context: [
    "ambiente", "arquivos modificados", "arquivos alterados", "arquivos criados", "arquivos relevantes",
    "perguntas em aberto", "questões em aberto", "leia primeiro", "leitura obrigatória",
  ],
  resumeCommand: ["comando de retomada", "como retomar", "prompt de retomada", "prompt de continuação"],
  nextAction: [
    "próximo(s) … passo(s)", "próxima(s) … etapa(s)", "próxima ação", "próximas ações", "próxima sessão",
    "próxima(s) tarefa(s)", "próximo agente", "a seguir",
  ],
  verification: [
    "verificação", "verificações", "verificar", "validação", "validações", "teste(s)", "testar", "prova(s)",
    "checagem", "evidência(s)", "comandos de verificação", "comandos",
  ],
  decisions: ["decisão", "decisões", "escolhas técnicas"],
  resumePointer: [
    "ponteiro de retomada", "ponteiros", "handoff anterior", "passagem anterior", "cadeia de handoffs",
    "retomado de",
  ],
  identity: [
    "identidade", "identidade da sessão", "metadados", "metadados da sessão", "informações da sessão",
    "dados da sessão", "=sessão", "=agente",
  ],
  goal: ["objetivo(s)", "^meta(s)", "^tarefa", "^missão", "^propósito", "pedido original", "pedido do usuário"],
  constraints: ["restrição", "restrições", "instruções do usuário"],
  state: [
    "^estado", "estado atual", "^status", "status atual", "situação atual", "progresso", "onde estamos",
    "o que foi feito", "mudanças realizadas", "mudanças executadas", "alterações realizadas", "feito", "concluíd(o|a)(s)", "finalizad(o|a)(s)", "implementad(o|a)(s)", "em andamento",
    "em progresso", "não iniciad(o|a)(s)", "pendente(s)", "pendências",
  ],
  remaining: [
    "trabalho restante", "tarefas restantes", "o que falta", "a fazer", "por fazer", "pendências",
  ],
  status: {
    done: ["feito", "mudanças realizadas", "mudanças executadas", "alterações realizadas", "concluíd(o|a)(s)", "finalizad(o|a)(s)", "implementad(o|a)(s)", "pront(o|a)", "o que foi feito"],
    inProgress: ["em andamento", "em progresso", "em curso", "parcial", "parcialmente"],
    notStarted: [
      "não iniciad(o|a)(s)", "não feito", "não concluíd(o|a)", "pendente(s)", "pendências", "a fazer", "por fazer",
      "restante(s)", "o que falta", "bloquead(o|a)", "adiad(o|a)",
    ],
  },
  other: [
    "bloqueio(s)", "pergunta(s)", "risco(s)", "nota(s)", "observações", "arquivos", "contexto", "resumo",
    "referências", "arquitetura", "premissas", "cuidados", "armadilhas",
  ],
  labels: {
    identity: ["identidade", "identidade da sessão", "metadados"],
    goal: ["objetivo(s)", "meta", "tarefa", "restrições"],
    decisions: ["decisão", "decisões", "decisões tomadas", "principais decisões"],
    state: [
      "estado", "estado atual", "status", "feito", "concluído", "em andamento", "não iniciado", "pendente",
      "pendências",
    ],
    nextAction: ["próximo passo", "próximos passos", "próxima ação", "próxima etapa", "próximas etapas"],
    verification: ["verificação", "comandos de verificação", "validação", "testes"],
    resumePointer: ["ponteiro de retomada", "handoff anterior"],
    resumeCommand: ["comando de retomada", "como retomar"],
  },
};
