// A `marquee serve --demo` on a loopback port, in a folder of its own, for end-to-end tests of
// the web SDK against the real server. The binary is MARQUEE_BINARY, or the server's own build.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const serverFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../Server");

/** The server binary to run, or `undefined` with the reason there is none. */
export function marqueeBinary() {
  const candidates = [process.env.MARQUEE_BINARY, path.join(serverFolder, ".build/debug/marquee"), path.join(serverFolder, ".build/release/marquee")];
  return candidates.find((candidate) => candidate !== undefined && candidate !== "" && existsSync(candidate));
}

/** Why end-to-end tests cannot run here, or `undefined` when they can (under CI they must). */
export function missingServerReason() {
  if (marqueeBinary() !== undefined) return undefined;
  const reason = "no marquee binary: build the server (swift build --package-path Server) or set MARQUEE_BINARY";
  if (process.env.CI) throw new Error(reason);
  return reason;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the demo server; resolves once it listens. `stop()` ends it and removes its folder. */
export async function startDemoServer() {
  const folder = mkdtempSync(path.join(tmpdir(), "marquee-web-e2e-"));
  const port = await freePort();
  const token = `mqa_web_e2e_${process.pid}_${port}`;
  const child = spawn(marqueeBinary(), ["serve", "--demo", "--port", String(port), "--database", path.join(folder, "marquee.sqlite")], {
    cwd: folder, env: { ...process.env, MARQUEE_ADMIN_TOKEN: token }, stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listening = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 60 s:\n${output}`)), 60_000);
    const read = (chunk) => {
      output += chunk;
      if (output.includes("Server started")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", (code) => reject(new Error(`the server exited (${code}) before it listened:\n${output}`)));
  });
  await listening;
  const url = `http://127.0.0.1:${port}`;
  const admin = async (method, route, body) => {
    const response = await fetch(url + route, {
      method, headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${await response.text()}`);
    return response.status === 204 ? undefined : response.json();
  };
  return {
    url,
    subscriptionID: "demo-subscription",
    admin,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
