// Reads the client contract (`contract/` at the repository's root) as every SDK's runner must:
// each area file's cases, this SDK's declared skips, and the strict checks of docs/contract.md.
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

export const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../contract");

/** What makes a contract file or case unusable. */
export class ContractError extends Error {}

/** Every case of every area file: `{area, name, kind, input, expected, id}`. */
export function readCases() {
  const files = readdirSync(folder).filter((name) => name.endsWith(".json")).sort();
  return files.flatMap((file) => {
    const root = JSON.parse(readFileSync(path.join(folder, file), "utf8"));
    const keys = Object.keys(root ?? {}).sort().join(",");
    if (keys !== "area,cases" || typeof root.area !== "string" || !Array.isArray(root.cases)) {
      throw new ContractError(`${file} is not a contract file: it needs "area" and "cases", and only those`);
    }
    if (file !== `${root.area}.json`) throw new ContractError(`${file}: the area ${root.area} belongs in ${root.area}.json`);
    return root.cases.map((item) => {
      const { name, kind, input, expected } = item;
      if (typeof name !== "string" || typeof kind !== "string" || input === undefined || expected === undefined) {
        throw new ContractError(`${file}: a case needs "name", "kind", "input" and "expected"`);
      }
      const extra = Object.keys(item).filter((key) => !["name", "kind", "input", "expected", "note"].includes(key));
      if (extra.length > 0) throw new ContractError(`${file}: ${name} has unknown keys ${extra.join(", ")}`);
      return { area: root.area, name, kind, input, expected, id: `${root.area}/${name}` };
    });
  });
}

/** `contract/skips/<sdk>.json`: case names or globs (`*` stands for any characters) mapped to reasons. */
export function readSkips(sdk) {
  const entries = JSON.parse(readFileSync(path.join(folder, "skips", `${sdk}.json`), "utf8"));
  if (entries === null || typeof entries !== "object" || Array.isArray(entries)
      || Object.values(entries).some((reason) => typeof reason !== "string")) {
    throw new ContractError(`skips/${sdk}.json maps case names or globs to reasons`);
  }
  return entries;
}

/** Whether `pattern`, where `*` stands for any characters, matches the whole of `text`. */
export function glob(pattern, text) {
  const parts = pattern.split("*");
  if (parts.length === 1) return pattern === text;
  if (!text.startsWith(parts[0])) return false;
  let rest = text.slice(parts[0].length);
  for (const part of parts.slice(1, -1)) {
    if (part === "") continue;
    const found = rest.indexOf(part);
    if (found < 0) return false;
    rest = rest.slice(found + part.length);
  }
  const last = parts[parts.length - 1];
  return rest.length >= last.length && rest.endsWith(last);
}

/** The declared reason for skipping `id`, if a declaration covers it. */
export function skipReason(skips, id) {
  const pattern = Object.keys(skips).find((candidate) => glob(candidate, id));
  return pattern === undefined ? undefined : skips[pattern];
}

/** The case's expectation, refusing keys the runner does not check: an ignored key must not pass unnoticed. */
export function expectation(contractCase, keys) {
  const unknown = Object.keys(contractCase.expected ?? {}).filter((key) => !keys.includes(key));
  if (unknown.length > 0) {
    throw new ContractError(`${contractCase.id}: the expectation has keys this runner does not check: ${unknown.sort().join(", ")}`);
  }
  return contractCase.expected;
}

/** A malformed case, named. */
export function malformed(contractCase, why) {
  return new ContractError(`${contractCase.id}: ${why}`);
}

/** A campaign as a case writes it: `name` defaults to the id, `message` to a modal. */
export function campaign(written) {
  return { ...written, name: written.name ?? written.id, message: written.message ?? { kind: "modal" } };
}

/** The campaign named `id` among `campaigns`, or a malformed-case error. */
export function campaignNamed(campaigns, id, contractCase) {
  const found = campaigns.find((candidate) => candidate.id === id);
  if (found === undefined) throw malformed(contractCase, `no campaign ${id} in the input`);
  return found;
}

/** An ISO 8601 time as milliseconds. */
export function millis(text, contractCase) {
  const value = Date.parse(text);
  if (Number.isNaN(value)) throw malformed(contractCase, `${text} is not an ISO 8601 time`);
  return value;
}
