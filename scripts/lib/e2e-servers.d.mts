export interface E2eSettings {
  port: number;
  livePort: number;
  dataDir: string;
}
export interface E2eServer {
  name: 'main' | 'live';
  command: string;
  url: string;
  env: Record<string, string>;
}
export function e2eServers(settings: E2eSettings): E2eServer[];
export function e2eSettings(root: string, env?: NodeJS.ProcessEnv): E2eSettings;
export function startE2eServers(
  root: string,
  settings: E2eSettings,
): { output(): string; ready(ms: number): Promise<boolean>; stop(): Promise<void>; kill(): void };
