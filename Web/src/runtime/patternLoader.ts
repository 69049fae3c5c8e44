import { Campaign } from "../model/campaign.js";
import { usePatternCompiler, usesPattern } from "../model/condition.js";
import { allTriggers } from "../model/triggerEngine.js";
import { loadModule } from "./moduleLoader.js";

type RegexModule = typeof import("../model/regex/index.js");

let installed: Promise<void> | undefined;

/** Whether a trigger of `campaign` compares with a pattern. */
export function hasPatterns(campaign: Campaign): boolean {
  return allTriggers(campaign.triggers ?? {}).some((trigger) => (trigger.conditions ?? []).some(usesPattern));
}

/**
 * Installs the regular-expression matcher when one of `campaigns` needs it (once per page).
 * Returns the campaigns that can be loaded: all of them, or, when the matcher could not be
 * loaded, those without patterns (with `onProblem` told why).
 */
export async function withPatterns(campaigns: Campaign[], onProblem: (problem: string) => void): Promise<Campaign[]> {
  if (!campaigns.some(hasPatterns)) return campaigns;
  installed ??= loadModule<RegexModule>("marquee-regex.mjs", sourceOfRegex).then((module) => usePatternCompiler(module.CompiledRegex.compile));
  try {
    await installed;
    return campaigns;
  } catch (error) {
    installed = undefined;
    onProblem(`campaigns with patterns are left out: the matcher could not be loaded (${String(error)})`);
    return campaigns.filter((campaign) => !hasPatterns(campaign));
  }
}

/** The matcher's compiled source, beside this module's (tests run the SDK from its sources). */
function sourceOfRegex(): string | undefined {
  try {
    return new URL("../model/regex/index.js", import.meta.url).href;
  } catch {
    return undefined;
  }
}
