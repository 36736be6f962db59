/** See system.mjs: installs Debian packages with apt-get (as root or through sudo). */
export function aptInstall(packages: string[]): void;
