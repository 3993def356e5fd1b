/** Worker thread body: parse agent files as the main thread asks (see parse-pool.ts). */
import { parentPort } from "node:worker_threads";
import { parseAgentFile, type AgentFileTask } from "./parse-agent-file";

parentPort?.on("message", (task: AgentFileTask) => {
  parentPort?.postMessage(parseAgentFile(task));
});
