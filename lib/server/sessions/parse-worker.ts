/** Worker thread body: parse agent files as the main thread asks (see parse-pool.ts). */
import { parentPort } from "node:worker_threads";
import { parseAgentGroup, type AgentFileTask } from "./parse-agent-file";

parentPort?.on("message", (tasks: AgentFileTask[]) => {
  parentPort?.postMessage(parseAgentGroup(tasks));
});
