import type { LanguageSynonyms } from "./types";

export const spanish: LanguageSynonyms = {
  language: "es",
  name: "Spanish",
  history: ["historial", "histórico", "archivado", "sesiones anteriores", "registro de sesiones", "obsoleto"],
  context: [
    "entorno", "archivos modificados", "archivos cambiados", "archivos clave", "archivos relevantes",
    "preguntas abiertas", "leer primero", "lectura obligatoria",
  ],
  resumeCommand: ["comando de reanudación", "cómo reanudar", "cómo retomar", "prompt de continuación"],
  nextAction: [
    "próximo(s) … paso(s)", "siguiente(s) paso(s)", "próxima acción", "próximas acciones", "próxima sesión",
    "siguiente sesión", "próxima(s) tarea(s)", "siguiente(s) tarea(s)", "próximo agente",
  ],
  verification: [
    "verificación", "verificaciones", "verificar", "validación", "validaciones", "prueba(s)", "probar",
    "comprobación", "comprobaciones", "evidencia(s)", "comandos de verificación", "comandos",
  ],
  decisions: ["decisión", "decisiones"],
  resumePointer: ["puntero de reanudación", "handoff anterior", "traspaso anterior", "cadena de handoffs"],
  identity: [
    "identidad", "identidad de la sesión", "metadatos", "información de la sesión", "datos de la sesión",
    "=sesión", "=agente",
  ],
  goal: ["objetivo(s)", "^meta(s)", "^tarea", "^misión", "^propósito", "petición original", "solicitud original"],
  constraints: ["restricción", "restricciones", "instrucciones del usuario"],
  state: [
    "^estado", "estado actual", "situación actual", "progreso", "avance", "dónde estamos", "qué se hizo",
    "lo que se hizo", "hecho", "completad(o|a)(s)", "terminad(o|a)(s)", "en progreso", "en curso",
    "no iniciad(o|a)(s)", "pendiente(s)", "solución", "realizad(o|a)(s)",
  ],
  remaining: ["trabajo restante", "tareas restantes", "lo que falta", "qué falta", "por hacer", "pendiente(s)"],
  status: {
    done: [
      "hecho", "completad(o|a)(s)", "terminad(o|a)(s)", "finalizad(o|a)(s)", "realizad(o|a)(s)", "qué se hizo",
      "lo que se hizo",
    ],
    inProgress: ["en progreso", "en curso", "en proceso", "parcial"],
    notStarted: [
      "no iniciad(o|a)(s)", "sin empezar", "pendiente(s)", "por hacer", "lo que falta", "qué falta", "restante(s)",
      "bloquead(o|a)", "aplazad(o|a)",
    ],
  },
  other: [
    "bloqueo(s)", "bloqueadores", "pregunta(s)", "riesgo(s)", "nota(s)", "archivos", "contexto", "resumen",
    "referencias", "arquitectura", "supuestos",
  ],
  labels: {
    identity: ["identidad", "metadatos"],
    goal: ["objetivo(s)", "meta", "tarea", "restricciones"],
    decisions: ["decisión", "decisiones", "decisiones tomadas"],
    state: [
      "estado", "estado actual", "hecho", "completado", "en progreso", "en curso", "pendiente(s)", "no iniciado",
    ],
    nextAction: ["próximo paso", "próximos pasos", "siguiente paso", "siguientes pasos", "próxima acción"],
    verification: ["verificación", "comandos de verificación", "validación", "pruebas"],
    resumePointer: ["puntero de reanudación", "handoff anterior"],
    resumeCommand: ["comando de reanudación", "cómo reanudar"],
  },
};
