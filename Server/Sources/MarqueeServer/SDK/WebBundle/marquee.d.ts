// Marquee web SDK 1.1.0: types.
// As a module: import { init } from "marquee"; as the script's global: Marquee.init(…).
declare module "runtime/moduleLoader" {
    export function setModuleBase(sdkURL: string | undefined): void;
    /** The served module `file` (`marquee-ui.mjs`), or, when the SDK runs from its compiled sources (tests), `source`. */
    export function loadModule<Module>(file: string, source: () => string | undefined): Promise<Module>;
}
declare module "model/attributes" {
    /** The type of an event attribute or of a condition's value. */
    export type AttributeType = "string" | "integer" | "double" | "boolean" | "timeMillis";
    /**
     * A typed attribute value, as Marquee's JSON writes it: `{"type": "integer", "value": 3}`, so
     * the type is never guessed. Types never convert into each other: an integer does not match a
     * double condition. Integers and times are JavaScript numbers, exact within ±(2^53 − 1).
     */
    export type AttributeValue = {
        type: "string";
        value: string;
    } | {
        type: "integer";
        value: number;
    } | {
        type: "double";
        value: number;
    } | {
        type: "boolean";
        value: boolean;
    } | {
        type: "timeMillis";
        value: number;
    };
    export const attributeTypes: readonly AttributeType[];
    /** Parses a condition's text as a value of `type`; `undefined` when it is not one. */
    export function parseAttributeValue(text: string, type: AttributeType): AttributeValue | undefined;
}
declare module "model/condition" {
    import { AttributeType, AttributeValue } from "model/attributes";
    /** How a condition compares an event attribute with the condition's value. */
    export type ConditionOperator = "equals" | "isNotEqual" | "greaterThan" | "lessThan" | "isBlank" | "isNotBlank" | "matchesRegex" | "doesNotMatchRegex" | "containsItem";
    /** A condition on one attribute of an event: `level greaterThan 3`. */
    export interface AttributeCondition {
        /** The attribute's name, compared case-sensitively. */
        name: string;
        type: AttributeType;
        operator: ConditionOperator;
        /** The value as text, parsed per `type`; a pattern for the regex operators. */
        value?: string;
    }
    /** What separates the items of a list attribute (a purchase's `itemIdList`). */
    export const itemSeparator = "|";
    /** Times are equal when they are at most this far apart. */
    export const timeToleranceMillis = 1000;
    /** Whether `operator` applies to attributes of `type`; validation refuses other pairs. */
    export function operatorSupports(operator: ConditionOperator, type: AttributeType): boolean;
    /** A compiled pattern of Marquee's subset: whether it matches anywhere in a text. */
    export interface PatternMatcher {
        matches(text: string): boolean;
    }
    /** Compiles a pattern (already lowercased outside its escapes), or `undefined` when it is not in the subset. */
    export type PatternCompiler = (pattern: string) => PatternMatcher | undefined;
    /**
     * Installs the regular-expression matcher (`model/regex`). It is a module of its own so that a
     * page whose campaigns have no pattern never loads it; the SDK installs it before it loads
     * campaigns that have one (`usesPatterns`).
     */
    export function usePatternCompiler(compiler: PatternCompiler): void;
    /** A condition prepared for matching: its value parsed and its pattern compiled once. */
    export class CompiledCondition {
        #private;
        readonly condition: AttributeCondition;
        constructor(condition: AttributeCondition);
        /**
         * Whether an event's attributes satisfy the condition. Names compare exactly; text without
         * regard to case, as both RInAppMessaging clients compare it. A missing attribute, or one of
         * another type, never matches, whatever the operator.
         */
        matches(attributes: Readonly<Record<string, AttributeValue>>): boolean;
    }
    /**
     * `pattern` with every character lowercased except the one after each backslash, so that
     * matching it against lowercased text ignores case and escapes keep their meaning (`\D` stays
     * "not a digit"). This is how conditions match.
     */
    export function lowercasingLiterals(pattern: string): string;
    /** Whether `condition` compares with a pattern. */
    export function usesPattern(condition: AttributeCondition): boolean;
}
declare module "model/event" {
    import { AttributeValue } from "model/attributes";
    /** The kinds of events that can trigger a campaign. */
    export type EventKind = "appStart" | "sessionStart" | "login" | "purchase" | "custom" | "pushClick" | "viewAppeared" | "rule";
    /** The name an event of `kind` carries when it has none of its own. */
    export function fixedName(kind: EventKind): string | undefined;
    /** An event logged by the app (or by a message action), matched against campaign triggers. */
    export interface MarqueeEvent {
        kind: EventKind;
        /** The custom event's name, the element's identifier or the rule keyword. */
        name?: string;
        attributes?: Record<string, AttributeValue>;
    }
    /** What events and triggers are matched on: the kind and the name, as one text. */
    export function eventKey(kind: EventKind, name: string | undefined): string;
    /** Whether an appeared view's identifier points at a tooltip's target element. */
    export function viewPointsAt(viewIdentifier: string, target: string): boolean;
}
declare module "model/campaign" {
    import { AttributeCondition } from "model/condition";
    import { EventKind } from "model/event";
    /**
     * A campaign as the server sends it (the `campaign` of a ping's `marquee` extension). Only what
     * the device's rules read is typed here; the message's own fields are the renderer's.
     */
    export interface Campaign {
        id: string;
        name: string;
        isTest?: boolean;
        message: CampaignMessage;
        triggers?: TriggerSet;
        delivery?: DeliveryRules;
        experiment?: Experiment;
    }
    export interface CampaignMessage {
        kind: string;
        tooltip?: {
            targetElementID?: string;
        };
        [field: string]: unknown;
    }
    /** One trigger: an event, conditions on its attributes (all must hold), and how often. */
    export interface Trigger {
        event: EventKind;
        /** The custom event's name, the element identifier (`viewAppeared`) or the rule keyword (`rule`). */
        name?: string;
        conditions?: AttributeCondition[];
        /** How many matching events make it fire; firing uses them up. At least 1. */
        occurrences?: number;
    }
    /** Triggers and nested groups combined with AND (`all`) or OR (`any`). */
    export interface TriggerSet {
        match?: "all" | "any";
        triggers?: Trigger[];
        groups?: TriggerSet[];
    }
    /** When and how often a campaign may be shown. Times are ISO 8601 texts. */
    export interface DeliveryRules {
        /** Higher shows first when one event readies several campaigns. */
        priority?: number;
        startTime?: string;
        endTime?: string;
        maxImpressions?: number;
        infiniteImpressions?: boolean;
        /** Seconds before the same user sees it again; absent: as soon as it is triggered. */
        reEligibilitySeconds?: number;
        frequencyCapIDs?: string[];
        /** Milliseconds after it closes before the next message may show. */
        delayAfterCloseMillis?: number;
    }
    /** A limit several campaigns share: at most `limit` displays within `periodSeconds`. */
    export interface FrequencyCap {
        id: string;
        limit: number;
        periodSeconds: number;
    }
    /** Message variants and a control group. */
    export interface Experiment {
        variants?: {
            id: string;
            weight: number;
        }[];
        /** The percentage of users (0 to 90) in the control group. */
        controlPercent?: number;
    }
    /** The delivery rules with their defaults filled in, times in milliseconds. */
    export interface Delivery {
        priority: number;
        startMillis: number | undefined;
        endMillis: number | undefined;
        maxImpressions: number;
        infiniteImpressions: boolean;
        reEligibilitySeconds: number | undefined;
        frequencyCapIDs: readonly string[];
        delayAfterCloseMillis: number;
    }
    /** `campaign`'s delivery rules, defaults applied as the server's model defines them. */
    export function delivery(campaign: Campaign): Delivery;
    /** Whether `millis` falls inside the start and end times (either may be open; both included). */
    export function isLive(rules: Delivery, millis: number): boolean;
}
declare module "model/reasons" {
    /**
     * Why a ready campaign did not show: the codes the debug session, the trigger tester and the
     * client contract share (`contract/display.json`).
     */
    export type DebugReason = "impressionsUsedUp" | "frequencyCap" | "displayInterval" | "contextRefused" | "optedOut" | "reEligibility" | "noPresenter" | "queueBusy" | "paused" | "outsideDates" | "notInRollout" | "notPermitted" | "heldBack" | "discardedByApp";
}
declare module "model/messageQueue" {
    import { Campaign } from "model/campaign";
    import { DebugReason } from "model/reasons";
    /** Among equal priorities: first triggered first shown (`fifo`), or last triggered first (`lifo`). */
    export type QueueOrder = "fifo" | "lifo";
    /** A ready campaign waiting for its turn on screen. */
    export interface QueuedMessage {
        campaign: Campaign;
        sequence: number;
        /** When it was readied: the display timeout counts from here. */
        readiedAt: number;
    }
    /**
     * Which waiting message takes the message slot, and when (the contract's `display/queue`
     * cases): one message at a time; highest priority first, then in `QueueOrder`; after a message
     * ends, the next starts no sooner than the display interval or the campaign's delay after close,
     * whichever is longer. Tooltips do not wait here: they show beside the message, on their
     * element. Every time is passed in (milliseconds); nothing reads a clock.
     */
    export class MessageQueue {
        #private;
        /** The message on screen (or being prepared), if any. */
        current: QueuedMessage | undefined;
        /** No message starts before this time (the display interval after the last one ended). */
        nextDisplayAt: number;
        get waitingCount(): number;
        /** Puts a campaign readied at `now` in line, unless it already waits. */
        enqueue(campaign: Campaign, now: number): void;
        /** Why a message would wait for the slot at `now`: it is taken, or the interval runs. */
        slotWait(now: number): DebugReason | undefined;
        /** The waiting messages in the order they will show. */
        waiting(order: QueueOrder): QueuedMessage[];
        /** Takes the slot for the next message that may start at `now`, or `undefined`. */
        claimNext(order: QueueOrder, now: number): QueuedMessage | undefined;
        /** The message on screen ended at `now`: the next waits the longer of the interval and its delay after close. */
        end(now: number, displayIntervalSeconds: number): QueuedMessage | undefined;
        /** Drops and returns the messages readied before `time`: they had no chance to show in time. */
        removeReadiedBefore(time: number): QueuedMessage[];
    }
}
declare module "runtime/messages" {
    import { AttributeValue } from "model/attributes";
    import { Campaign } from "model/campaign";
    /** What a button or the message's body does when tapped. */
    export interface MessageAction {
        type: "openURL" | "deepLink" | "close" | "pushPrimer";
        uri?: string;
        /** A custom event logged when the action runs: one message can trigger another. */
        logsEvent?: {
            name: string;
            attributes?: Record<string, AttributeValue>;
        };
    }
    export interface MessageButton {
        id: string;
        text: string;
        textColor?: string;
        backgroundColor?: string;
        action?: MessageAction;
    }
    /** A message as the server describes it: its kind, texts, colours, buttons and media. */
    export interface MessageContent {
        kind: string;
        title?: string;
        header?: string;
        body?: string;
        buttons?: MessageButton[];
        contentAction?: MessageAction;
        isDismissable?: boolean;
        showsOptOut?: boolean;
        [field: string]: unknown;
    }
    /** A message the SDK is showing: what a renderer draws. */
    export interface DisplayedMessage {
        campaignID: string;
        campaignName: string;
        /** Whether it is a test campaign (shown to the app's testers only). */
        isTest: boolean;
        content: MessageContent;
    }
    /** How a display ended. */
    export type Resolution = {
        type: "buttonClick";
        buttonID: string;
    } | {
        type: "contentClick";
    } | {
        type: "dismissed";
    }
    /** Taken down before the user answered it (the page closed it, or the user changed). */
     | {
        type: "interrupted";
    };
    /** The message of `campaign` as a renderer gets it. */
    export function displayedMessage(campaign: Campaign): DisplayedMessage;
    /** The protocol's impression types for a display that ended with `resolution`. */
    export function impressionTypes(content: MessageContent, resolution: Resolution, optedOut: boolean): number[];
}
declare module "runtime/emitter" {
    import { DebugReason } from "model/reasons";
    import { DisplayedMessage, Resolution } from "runtime/messages";
    /** What the SDK tells the page, by event name. */
    export interface MarqueeEvents {
        /** A message is on screen. */
        display: DisplayedMessage;
        /** A message ended. */
        close: {
            message: DisplayedMessage;
            resolution: Resolution;
            optedOut: boolean;
        };
        /** A ready campaign did not show, and why (the debug session's codes). */
        notShown: {
            campaignID: string;
            reason: DebugReason;
        };
        /** Something went wrong that the page may want to log: a request failed, storage is full. */
        problem: string;
    }
    export type MarqueeEventName = keyof MarqueeEvents;
    export type Listener<Name extends MarqueeEventName> = (value: MarqueeEvents[Name]) => void;
    /** Listeners by event name; a listener that throws never stops the SDK or the others. */
    export class Emitter {
        #private;
        on<Name extends MarqueeEventName>(name: Name, listener: Listener<Name>): () => void;
        off<Name extends MarqueeEventName>(name: Name, listener: Listener<Name>): void;
        has(name: MarqueeEventName): boolean;
        emit<Name extends MarqueeEventName>(name: Name, value: MarqueeEvents[Name]): void;
    }
}
declare module "runtime/environment" {
    /** A place to keep small texts across page loads: `localStorage`, or a map in tests. */
    export interface KeyValueStorage {
        getItem(key: string): string | null;
        setItem(key: string, value: string): void;
        removeItem(key: string): void;
    }
    /** Web Locks as the SDK uses them: one tab of a browser holds a named lock at a time. */
    export interface TabLocks {
        /**
         * Runs `hold` once this tab holds the lock `name`, and keeps it until the promise `hold`
         * returns settles. Aborting `signal` gives up waiting (the promise returned then rejects).
         */
        request(name: string, signal: AbortSignal, hold: () => Promise<void>): Promise<void>;
    }
    /** Messages between the tabs of a browser (a `BroadcastChannel`): a tab does not hear its own. */
    export interface TabChannel {
        post(message: unknown): void;
        /** Calls `receive` with each message another tab posts. */
        listen(receive: (message: unknown) => void): void;
        close(): void;
    }
    /** What the SDK runs on. Browsers get `browserEnvironment()`; tests inject their own. */
    export interface Environment {
        fetch: typeof fetch;
        storage: KeyValueStorage;
        /** Milliseconds since 1970: every rule reads time from here, never from `Date.now()`. */
        now(): number;
        /** A random identifier (batch IDs, the device ID). */
        randomID(): string;
        /** A random number in [0, 1): where in a spread of time this tab acts. */
        random(): number;
        /** Runs `work` after `millis`; returns a function that cancels it. */
        schedule(millis: number, work: () => void): () => void;
        /** Elects the tab that holds the live channel for the others; without it (or a tab channel) each tab holds its own. */
        locks?: TabLocks | undefined;
        /** Opens the channel named `name` to the other tabs of the browser; `undefined` where there is none. */
        openTabChannel?: ((name: string) => TabChannel) | undefined;
    }
    /** Storage that keeps nothing past the page: where `localStorage` is missing or refused. */
    export function memoryStorage(): KeyValueStorage;
    /** The page's own: `fetch`, `localStorage` (when the browser allows it), the system clock. */
    export function browserEnvironment(): Environment;
}
declare module "runtime/eventAttributes" {
    import { AttributeValue } from "model/attributes";
    /** The values an app may give an event attribute. */
    export type AttributeInput = string | number | boolean | Date;
    /** The most attributes one event carries, and the longest name and text value. */
    export const maxAttributes = 50;
    export const maxAttributeNameLength = 255;
    export const maxAttributeTextLength = 1024;
    /**
     * Types an app's attributes as conditions read them: a whole number is an integer, any other
     * number a double, a `Date` a time in milliseconds. What cannot be typed (a non-finite number,
     * an integer beyond ±(2^53 − 1), a name or text over its limit) is left out and reported.
     */
    export function typedAttributes(input: Readonly<Record<string, AttributeInput>> | undefined): {
        attributes: Record<string, AttributeValue>;
        problems: string[];
    };
}
declare module "model/identity" {
    /** Who the user is: the app's identifiers, empty texts meaning "not set". */
    export interface UserIdentity {
        userID: string | undefined;
        idTrackingIdentifier: string | undefined;
    }
    /** What the app says about its user. */
    export interface UserDetails {
        userID?: string | undefined;
        idTrackingIdentifier?: string | undefined;
        accessToken?: string | undefined;
        /** The user ID's HMAC-SHA256, hex, signed by the app's backend with the app's identity secret. */
        signature?: string | undefined;
    }
    /** What the SDK sends for the user: `undefined` for what it does not send. */
    export interface UserInfo {
        identity: UserIdentity;
        accessToken: string | undefined;
        signature: string | undefined;
        /** Why something the app gave is not sent. */
        problem: string | undefined;
    }
    /** The longest user ID or ID-tracking identifier, in bytes of UTF-8: the server refuses longer. */
    export const maxUserIDBytes = 256;
    /**
     * What the SDK sends for `details`: an identifier over the limit leaves the user anonymous (the
     * server would refuse every request naming it); an access token goes only with a user ID and no
     * ID-tracking identifier; a signature only with a user ID.
     */
    export function userInfo(details: UserDetails | undefined): UserInfo;
}
declare module "model/triggerEngine" {
    import { Campaign, Trigger, TriggerSet } from "model/campaign";
    import { MarqueeEvent } from "model/event";
    /** What logging one event did. */
    export interface TriggerOutcome {
        /** Campaigns the event made ready, highest priority first; ties in load order. */
        ready: Campaign[];
        /** Whether some trigger listens for the event and its conditions matched. */
        matchedTrigger: boolean;
        /** A repeated app start (ignored), or an event logged before any campaigns were loaded (replayed by the first load). */
        deferred: boolean;
    }
    /** How far each campaign's triggers have got: matching events counted per trigger, depth first. */
    export type TriggerProgress = Record<string, number[]>;
    /** Events kept while no campaigns are loaded yet, replayed at the first load. */
    export const pendingEventLimit = 100;
    /**
     * Decides which campaigns an event makes ready, without I/O.
     *
     * Campaigns are indexed by the key of each trigger, so an event costs time in proportion to the
     * triggers that listen for it, not to the number of campaigns. The rules are the contract's
     * (`contract/triggers.json`):
     * - a trigger holds once `occurrences` events with its key matched all its conditions;
     * - app start is persistent: the first one holds for the whole session, later ones are ignored;
     * - a campaign is ready when its trigger set holds and the caller's eligibility check passes;
     *   its satisfied non-persistent triggers then use up their events, and one that held on
     *   persistent events alone fires once per session;
     * - a tooltip also needs its target element's `viewAppeared`;
     * - campaigns one event readies come back highest priority first, ties in load order.
     */
    export class TriggerEngine {
        #private;
        /** Whether campaigns were loaded at least once (before that, events are kept for replay). */
        isLoaded: boolean;
        /** Whether an app start was logged this session. */
        hasAppStarted: boolean;
        /** The counts to persist; campaigns with nothing counted are left out. Costs what is counted, not the campaigns. */
        get progress(): TriggerProgress;
        /** Starts a new session: app start must be logged again and launch campaigns may fire again. */
        startSession(): void;
        /**
         * Loads (or replaces) the campaigns and returns those ready now. Progress is kept for
         * campaigns whose triggers did not change; `progress` replaces it instead (another user's
         * saved state). The first load replays the events logged before it.
         */
        load(campaigns: readonly Campaign[], isEligible: (campaign: Campaign) => boolean, progress?: TriggerProgress): Campaign[];
        /**
         * Logs an event and returns what it made ready. `advanced` hears each campaign the event
         * counted toward without making it ready (a debug session's "trigger advanced").
         */
        log(event: MarqueeEvent, isEligible: (campaign: Campaign) => boolean, advanced?: (campaign: Campaign) => void): TriggerOutcome;
    }
    /** Every trigger in the set and its groups, depth first. */
    export function allTriggers(set: TriggerSet): Trigger[];
    /** The trigger set evaluated for `campaign`: a tooltip also waits for its target element. */
    export function effectiveTriggers(campaign: Campaign): TriggerSet;
}
declare module "model/userState" {
    import { Campaign, FrequencyCap } from "model/campaign";
    import { DebugReason } from "model/reasons";
    /** A campaign's impressions: the limit they were counted against, and how many are left. */
    export interface ImpressionRecord {
        maxImpressions: number;
        left: number;
    }
    /**
     * What one user has seen, as plain data that persists as JSON: impressions left, opt-outs,
     * when each campaign last showed, and the displays each frequency cap counts. Times are
     * milliseconds since 1970; nothing here reads a clock.
     */
    export interface UserStateData {
        impressions: Record<string, ImpressionRecord>;
        optedOut: string[];
        lastDisplayed: Record<string, number>;
        capHistory: Record<string, number[]>;
        frequencyCaps: FrequencyCap[];
        /** What the user had of campaigns no longer listed, kept in case they return. */
        absent: Record<string, AbsentCampaign>;
    }
    /** A campaign missing from the list since `since`, with what the user had of it. */
    export interface AbsentCampaign {
        since: number;
        impressions?: ImpressionRecord;
        optedOut: boolean;
        lastDisplayed?: number;
    }
    /** How long what the user had of a missing campaign is kept. */
    export const absentRetentionSeconds: number;
    export const emptyUserState: () => UserStateData;
    /** The display rules one user's state decides (the contract's `display/eligibility` cases). */
    export class UserState {
        readonly data: UserStateData;
        constructor(data?: UserStateData);
        /**
         * Adopts a new campaign list at `now`: impressions of a campaign whose limit changed move by
         * the change, and a test campaign has one impression per list. What the user had of a campaign
         * no longer listed is set aside, and restored if it is listed again within 30 days (a campaign
         * paused and resumed does not show again to those who used it up).
         */
        adopt(campaigns: readonly Campaign[], caps: readonly FrequencyCap[], now: number): void;
        /** Impressions left for `campaign`; `Infinity` when unlimited. */
        impressionsLeft(campaign: Campaign): number;
        /** The rule that keeps `campaign` from showing at `now`, or `undefined` when it may show. */
        ineligibility(campaign: Campaign, now: number): DebugReason | undefined;
        /** A display the user saw to its end at `now`, with their opt-out (ignored for test campaigns). */
        recordEnd(campaign: Campaign, optedOut: boolean, now: number): void;
        /**
         * A control-group user held back at `now`: it uses an impression and starts the
         * re-eligibility clock as a display would, but counts toward no frequency cap (nothing showed).
         */
        recordHoldBack(campaign: Campaign, now: number): void;
        private recordDisplay;
    }
}
declare module "runtime/userStore" {
    import { Campaign } from "model/campaign";
    import { UserIdentity } from "model/identity";
    import { TriggerProgress } from "model/triggerEngine";
    import { UserStateData } from "model/userState";
    import { KeyValueStorage } from "runtime/environment";
    /** A user's limits and trigger progress: small, read again before every decision. */
    export interface StoredState {
        state: UserStateData;
        progress: TriggerProgress;
    }
    /** A user's campaign list and its fingerprint, sent with the next ping: written once per sync. */
    export interface StoredCampaigns {
        campaigns: Campaign[];
        fingerprint: string | undefined;
        /** The user's placeholder values the server keeps (sent for a verified user only). */
        userAttributes: Record<string, string>;
    }
    /** The key of a user: `user:<ID>`, `tracking:<ID>` or `anonymous`. */
    export function identityKey(identity: UserIdentity): string;
    /**
     * Each user's state in storage, under the app's subscription. The tabs of one browser share
     * it: a tab reads the state again before it decides anything and writes it back at once, so
     * impressions, opt-outs and intervals count every tab's displays. The campaign list is kept
     * apart, so reading the state stays cheap however many campaigns there are. A value that cannot
     * be read starts the user afresh.
     */
    export class UserStore {
        #private;
        private readonly storage;
        private readonly prefix;
        constructor(storage: KeyValueStorage, prefix: string);
        readState(identity: UserIdentity): StoredState;
        readCampaigns(identity: UserIdentity): StoredCampaigns;
        /** Saves the state; `false` when storage refused it (full, or blocked). */
        writeState(identity: UserIdentity, state: StoredState): boolean;
        writeCampaigns(identity: UserIdentity, campaigns: StoredCampaigns): boolean;
    }
    /** The text values of `value`, when it is an object; nothing else. */
    export function texts(value: unknown): Record<string, string>;
}
declare module "runtime/protocol" {
    import { Campaign, FrequencyCap } from "model/campaign";
    import { UserInfo } from "model/identity";
    import { Environment } from "runtime/environment";
    /** The platform the web SDK reports (`marqueePlatform`, `platform`). */
    export const platform = "web";
    /**
     * What the web SDK can honour beyond the base protocol: the server sends a campaign only to
     * clients that declare every capability it needs, so nothing here is declared before the SDK
     * does it. Message features that are only content (a header, an image, a video, HTML, a banner)
     * reach the renderer as they are; kinds that need the SDK's own work (tooltips, carousels,
     * surveys, placements, the inbox, experiments) are declared once it does that work.
     */
    export const capabilities: readonly ["campaign.extension", "campaign.list", "trigger.any", "trigger.occurrences", "event.sessionStart", "event.rule", "delivery.priority", "delivery.frequencyCaps", "delivery.reEligibility", "condition.containsItem", "condition.regexEscapes", "message.banner", "message.image", "message.video", "message.header", "message.html", "image.svg", "message.slideFromTop"];
    /** The server's endpoints, from its configuration answer. */
    export interface Endpoints {
        ping: string;
        impression: string | undefined;
        /** The live channel (`GET /v1/live`); `undefined` when the server holds none. */
        live: string | undefined;
    }
    /** A ping's answer, its campaigns read from the list it names when it names one. */
    export interface PingAnswer {
        currentPingMillis: number;
        nextPingMillis: number;
        /** `undefined` when the server said the list the client holds is unchanged. */
        campaigns: Campaign[] | undefined;
        frequencyCaps: FrequencyCap[] | undefined;
        fingerprint: string | undefined;
        /** The user's placeholder values; `undefined` when the answer repeats none. */
        userAttributes: Record<string, string> | undefined;
        /** One entry per campaign left out, saying why. */
        skipped: string[];
    }
    /** Why a request failed, and whether sending it again later may succeed. */
    export class RequestFailure extends Error {
        readonly retryable: boolean;
        constructor(message: string, retryable: boolean);
    }
    /** Who the SDK is: the app's subscription, this browser, the app's version and language. */
    export interface ClientInfo {
        subscriptionID: string;
        /** The app's identifier (`appId`): by default the page's host name. */
        appID: string;
        deviceID: string;
        appVersion: string;
        sdkVersion: string;
        locale: string;
    }
    /** The longest answer the SDK reads: a campaign list is far smaller; anything longer is refused. */
    export const maxAnswerBytes: number;
    /** Builds and sends the protocol's requests with `fetch`; nothing here throws into the page. */
    export class ProtocolClient {
        #private;
        private readonly environment;
        private readonly client;
        constructor(environment: Environment, client: ClientInfo);
        headers(user: UserInfo | undefined): Record<string, string>;
        /** `GET <server>/v1/config`: the endpoints. */
        config(server: string): Promise<Endpoints>;
        /** `POST <ping>`: the user's campaigns, in `language`. */
        ping(endpoints: Endpoints, user: UserInfo, fingerprint: string | undefined): Promise<PingAnswer>;
        /**
         * Posts `body` and keeps only whether it arrived. `keepalive` lets the send finish after the
         * tab closes; the server counts a batch once by its `batchId`, so a resend is harmless.
         */
        deliver(url: string, body: unknown, user: UserInfo): Promise<void>;
    }
    /** The protocol's user identifiers: the user ID (type 3), the ID-tracking identifier (type 2). */
    export function identifiers(user: UserInfo): {
        id: string;
        type: number;
    }[];
    /** The campaigns of a `data` list, read one by one: one that cannot be read is skipped with the reason. */
    export function readCampaigns(list: unknown): {
        campaigns: Campaign[];
        skipped: string[];
    };
}
declare module "runtime/outbox" {
    import { UserInfo } from "model/identity";
    import { KeyValueStorage } from "runtime/environment";
    import { ProtocolClient } from "runtime/protocol";
    /** One report waiting to be sent: where, what, and for whom (its headers). */
    export interface OutboxEntry {
        id: string;
        url: string;
        body: unknown;
        user: UserInfo;
        attempts: number;
    }
    /** The most reports kept; beyond, the oldest are dropped (a browser offline for weeks). */
    export const maxOutboxEntries = 500;
    /** Sends after which a report that keeps failing is dropped. */
    export const maxAttempts = 20;
    /**
     * Reports (impressions, clicks) written to storage before they are sent, and removed only once
     * the server took them or refused them for good: a tab closed in the middle of a send loses
     * nothing, and the next page load sends what is left. Each report carries its `batchId`, so a
     * report sent twice (the tab closed after the server took it, before it was removed) counts once.
     */
    export class Outbox {
        #private;
        private readonly storage;
        private readonly key;
        private readonly protocol;
        private readonly onProblem;
        constructor(storage: KeyValueStorage, key: string, protocol: ProtocolClient, onProblem: (problem: string) => void);
        get entries(): OutboxEntry[];
        /** Keeps a report, then sends what waits. */
        add(entry: Omit<OutboxEntry, "attempts">): Promise<void>;
        /** Sends every waiting report in order; stops at the first that may succeed later. */
        flush(): Promise<void>;
    }
}
declare module "ui/bridgeMessage" {
    /**
     * What a message's frame reports (the renderer's bridge, version 1): one JSON text per action,
     * posted to the page that framed it.
     */
    export type BridgeMessage = {
        type: "button";
        buttonId: string;
        optOut?: boolean;
    } | {
        type: "content";
        optOut?: boolean;
    } | {
        type: "close";
        reason: string;
        optOut?: boolean;
    } | {
        type: "link";
        url: string;
        actionType: string | null;
    } | {
        type: "size";
        height: number;
    };
    /** Reads a posted value as a bridge message, or `undefined` when it is not one. */
    export function readBridgeMessage(data: unknown): BridgeMessage | undefined;
}
declare module "ui/linkAction" {
    /** What a link tapped inside an HTML message does: the renderer's rules (`HTMLLinkClassifier`). */
    export type LinkAction = "openURL" | "deepLink" | "close" | undefined;
    /**
     * `data-actiontype` (`browser`, `deep-link`, `close`) decides when given; otherwise an http(s)
     * URL opens in the browser and anything else is a deep link. Blocked schemes, empty URLs and
     * in-page anchors are no action.
     */
    export function linkAction(url: string, actionType: string | null): LinkAction;
}
declare module "ui/frameRenderer" {
    import { MessageControls } from "runtime/client";
    import { DisplayedMessage } from "runtime/messages";
    /** Where the server renders messages for the web, and what it needs to know. */
    export interface FrameSettings {
        server: string;
        subscriptionID: string;
        language: string;
        /** Placeholder values the message's text is filled with. */
        personalization: Record<string, string>;
    }
    /**
     * Shows `message` in a frame whose document the server renders, with the renderer iOS and the
     * dashboard's preview use, under the server's own policy: the page's CSP needs no exception, and
     * the message's content runs in a sandbox with no access to the page. The frame's bridge reports
     * what the user does; only messages from this frame are read. Returns what takes the frame down.
     */
    export function showInFrame(message: DisplayedMessage, controls: MessageControls, settings: FrameSettings): () => void;
}
declare module "ui/index" {
    /** The web SDK's message UI, loaded at the first message a page shows (`marquee-ui.mjs`). */
    export { showInFrame } from "ui/frameRenderer";
}
declare module "runtime/frameRendererLoader" {
    import type { FrameSettings } from "ui/frameRenderer";
    import type { Renderer } from "runtime/client";
    /**
     * The built-in renderer: it loads the message UI the first time a message shows (pages that
     * never show one never download it), then shows each message in a frame the server renders.
     */
    export function frameRenderer(settings: () => FrameSettings, onProblem: (problem: string) => void): Renderer;
}
declare module "runtime/liveBackoff" {
    /**
     * When the live channel connects again after it dropped, as the Swift SDK decides it
     * (`LiveChannelState`): the server's `retry` hint (else 3 s), doubling with each failure in a
     * row up to 5 minutes, plus up to half again at random so browsers spread out. A connection that
     * stayed open a minute counts as a success: one the server or a proxy ends again and again within
     * seconds backs off.
     */
    export class LiveBackoff {
        static readonly defaultRetryMillis = 3000;
        static readonly maximumRetryMillis = 300000;
        static readonly healthyAfterMillis = 60000;
        /** Failures in a row. */
        failures: number;
        /** The server's `retry` hint, in milliseconds. */
        retryHintMillis: number | undefined;
        /** A connection ended after `lastedMillis`; `failed` when it broke or was refused. */
        closed(lastedMillis: number, failed: boolean): void;
        /** The wait before the next connection; `unit` is a random number in `[0, 1)`. */
        delayMillis(unit: number): number;
    }
}
declare module "runtime/serverSentEvents" {
    /** One event of a Server-Sent Events stream. */
    export interface ServerSentEvent {
        /** The `event` field; `message` when the stream names none. */
        name: string;
        data: string;
    }
    /** The stream broke the parser's limits: the connection is dropped, not buffered without end. */
    export class StreamLimitExceeded extends Error {
        constructor(message: string);
    }
    /**
     * Reads a Server-Sent Events stream as it arrives, in text chunks split anywhere, after the HTML
     * standard's rules (as the Swift SDK's parser does): lines end in LF, CR or CRLF; a blank line
     * dispatches the event; `id` sets the last event id (kept across events), `retry` the
     * reconnection delay; comments (`:`) are skipped. A line longer than `maxLineLength`, or an
     * event's data beyond `maxEventLength` (both in characters), throws `StreamLimitExceeded`, so a
     * broken or hostile server cannot make the page buffer without end.
     */
    export class ServerSentEventParser {
        #private;
        readonly maxLineLength: number;
        readonly maxEventLength: number;
        /** The last `id` the stream set; sent back as `Last-Event-ID` on reconnecting. */
        lastEventID: string | undefined;
        /** The last `retry` the stream set, in milliseconds. */
        retryMillis: number | undefined;
        constructor(maxLineLength?: number, maxEventLength?: number);
        /** Feeds the next text; returns the events it completed. */
        feed(text: string): ServerSentEvent[];
    }
}
declare module "runtime/liveChannel" {
    import { Environment } from "runtime/environment";
    /** What the live channel needs of the client. */
    export interface LiveChannelHost {
        /** The device routes' headers (`Subscription-Id`, `device_id`). */
        headers(): Record<string, string>;
        /** Asks the server for the user's campaigns now. */
        sync(): void;
        problem(text: string): void;
    }
    /** The seconds a change's pings are spread over: the event's `spread`, within 0…60 (3 when it names none). */
    export function spreadSeconds(data: string): number;
    /**
     * The live channel (`GET /v1/live`, Server-Sent Events): the server says when the app's
     * campaigns change, and the client syncs within the change's spread (at a random moment of it,
     * so the devices of an app do not all ping at once) instead of at its next ping. Read with `fetch`
     * and a streamed body, not `EventSource`, which cannot send the device routes' headers.
     *
     * One tab of a browser holds it (the holder of a Web Lock) and tells the others through a tab
     * channel, with the event's id so that a tab taking over names it too; where either is missing,
     * each tab holds its own. After a drop it connects again as `LiveBackoff` says, naming the last
     * event it heard (`Last-Event-ID`), so a change made while it was away is told at once. Nothing
     * here throws into the page: problems go to `host.problem`.
     */
    export class LiveChannel {
        #private;
        private readonly environment;
        private readonly host;
        private readonly name;
        constructor(environment: Environment, host: LiveChannelHost, name: string);
        /** Starts holding the channel at `url` (or waiting for this tab's turn); later calls do nothing. */
        open(url: string | undefined): void;
        /** Stops for good: the connection closes, and the lock passes to another tab. */
        stop(): void;
    }
}
declare module "model/regex/scalarSet" {
    /** One item of a class: a range of code points, or a shorthand (`\d`, `\w`, `\s`), perhaps negated. */
    export type ScalarItem = {
        kind: "range";
        low: number;
        high: number;
    } | {
        kind: "digit";
    } | {
        kind: "word";
    } | {
        kind: "space";
    } | {
        kind: "not";
        item: ScalarItem;
    };
    /**
     * The characters one position of a pattern accepts: a class such as `[a-z_]`, a shorthand such
     * as `\d`, `.`, or a single literal. Characters are Unicode code points.
     */
    export class ScalarSet {
        readonly items: ScalarItem[];
        readonly negated: boolean;
        constructor(items: ScalarItem[], negated: boolean);
        static literal(codePoint: number): ScalarSet;
        /** `.`: every character but a line break. */
        static readonly any: ScalarSet;
        contains(codePoint: number): boolean;
        /** `\w`: a letter, a mark, a decimal digit or `_`. */
        static isWord(codePoint: number): boolean;
    }
}
declare module "model/regex/regexNode" {
    import { ScalarSet } from "model/regex/scalarSet";
    /** A zero-width condition on the position between two characters. */
    export type RegexAssertion = "start" | "end" | "absoluteEnd" | "wordBoundary" | "notWordBoundary";
    /** A parsed pattern of the supported subset (`RegexParser`). */
    export type RegexNode = {
        kind: "empty";
    } | {
        kind: "scalar";
        set: ScalarSet;
    } | {
        kind: "assertion";
        assertion: RegexAssertion;
    } | {
        kind: "concatenation";
        items: RegexNode[];
    } | {
        kind: "alternation";
        branches: RegexNode[];
    }
    /** `node` at least `min` times and at most `max` (`undefined`: no upper bound). */
     | {
        kind: "repetition";
        node: RegexNode;
        min: number;
        max: number | undefined;
    };
    /** Whether `assertion` holds at `position` of `codePoints`. */
    export function assertionHolds(assertion: RegexAssertion, position: number, codePoints: readonly number[]): boolean;
}
declare module "model/regex/regexParser" {
    import { RegexNode } from "model/regex/regexNode";
    /** The rule a refused pattern breaks: the device names it; the dashboard explains it in words. */
    export type RegexProblem = "too-long" | "too-large" | "too-deep" | "unmatched-paren" | "ends-early" | "nothing-to-repeat" | "lookahead" | "lookbehind" | "group-kind" | "unclosed-group" | "group-name" | "repeated-anchor" | "possessive" | "repeated-repetition" | "repetition-syntax" | "repetition-bounds" | "repetition-too-large" | "unclosed-class" | "nested-class" | "class-item" | "range-end" | "backwards-range" | "trailing-backslash" | "backreference" | "property-class" | "unsupported-escape" | "unclosed-hex" | "hex-escape";
    /**
     * Why a pattern is refused: outside the supported subset, malformed, or over a limit. The
     * server refuses such patterns when a campaign is saved, with the reason in words, so a device
     * meets one only from a server older than its rules: a short code keeps the SDK small.
     */
    export class RegexSyntaxError extends Error {
        readonly problem: RegexProblem;
        readonly offset: number;
        /** Where in the pattern, counted in characters (code points) from 0. */
        constructor(problem: RegexProblem, offset: number);
    }
    /** The longest pattern accepted, in characters. */
    export const maxPatternLength = 500;
    /** The largest count in `{n}`, `{n,}` and `{n,m}`. */
    export const maxRepetition = 100;
    /** The deepest nesting of groups. */
    export const maxDepth = 32;
    /**
     * Parses the supported subset of regular expressions, refusing everything else with the rule it
     * breaks (the Swift SDK's `RegexParser`, rule for rule): literals, `.`, classes, `\d \w \s` and their negations,
     * anchors and word boundaries, groups, alternation and quantifiers. Backreferences and
     * lookaround are refused: no matcher runs them in linear time. Nesting is bounded, so a hostile
     * pattern cannot exhaust the stack.
     */
    export function parseRegex(pattern: string): RegexNode;
}
declare module "model/regex/regexProgram" {
    import { RegexAssertion, RegexNode } from "model/regex/regexNode";
    import { ScalarSet } from "model/regex/scalarSet";
    /** The most instructions a pattern may compile to (counted repetitions copy their body). */
    export const maxInstructions = 20000;
    type Instruction = {
        op: "scalar";
        set: ScalarSet;
    } | {
        op: "assertion";
        assertion: RegexAssertion;
    }
    /** Continue at both: the first, then the second. */
     | {
        op: "split";
        first: number;
        second: number;
    } | {
        op: "jump";
        target: number;
    } | {
        op: "match";
    };
    /**
     * A parsed pattern compiled for a Pike virtual machine: the matcher follows every way the
     * pattern could match at once, one text position at a time, keeping at most one thread per
     * instruction. A match costs at most the text's length times the program's size, whatever the
     * pattern and the text: no pattern can make it backtrack.
     */
    export class RegexProgram {
        #private;
        readonly instructions: Instruction[];
        constructor(node: RegexNode);
        /** Whether the pattern matches anywhere in `text`, and the instruction visits it took. */
        run(text: string): {
            matched: boolean;
            steps: number;
        };
    }
}
declare module "model/regex/compiledRegex" {
    /**
     * A regular expression of the subset Marquee supports, matched in linear time, the same here as
     * in the Swift SDK, on the server and in the trigger tester. It matches anywhere in the text;
     * anchor with `^…$` for a whole match.
     */
    export class CompiledRegex {
        #private;
        private constructor();
        /** Compiles `pattern`, or throws a `RegexSyntaxError` saying what in it is not supported. */
        static validating(pattern: string): CompiledRegex;
        /** `undefined` when the pattern is not in the supported subset. */
        static compile(pattern: string): CompiledRegex | undefined;
        matches(text: string): boolean;
    }
}
declare module "model/regex/index" {
    /** The regular-expression matcher as a module of its own (`marquee-regex.mjs`): loaded only for campaigns with patterns. */
    export { CompiledRegex } from "model/regex/compiledRegex";
}
declare module "runtime/patternLoader" {
    import { Campaign } from "model/campaign";
    /** Whether a trigger of `campaign` compares with a pattern. */
    export function hasPatterns(campaign: Campaign): boolean;
    /**
     * Installs the regular-expression matcher when one of `campaigns` needs it (once per page).
     * Returns the campaigns that can be loaded: all of them, or, when the matcher could not be
     * loaded, those without patterns (with `onProblem` told why).
     */
    export function withPatterns(campaigns: Campaign[], onProblem: (problem: string) => void): Promise<Campaign[]>;
}
declare module "runtime/client" {
    import { Campaign } from "model/campaign";
    import { UserDetails } from "model/identity";
    import { QueueOrder } from "model/messageQueue";
    import { Emitter } from "runtime/emitter";
    import { Environment } from "runtime/environment";
    import { AttributeInput } from "runtime/eventAttributes";
    import { DisplayedMessage, MessageAction } from "runtime/messages";
    /** What a renderer is given to end the message it draws. */
    export interface MessageControls {
        /** The user closed the message, opting out of it or not. */
        close(options?: {
            optedOut?: boolean;
        }): void;
        /** The user tapped a button: its action runs and the message ends. */
        click(buttonID: string): void;
        /** The user tapped the message outside its buttons. */
        clickContent(): void;
        /** The user followed a link inside an HTML message: it opens and the message ends. */
        followLink(url: string, deepLink: boolean): void;
        /** The message could not be drawn: nothing is counted, and the next one may show. */
        unavailable(): void;
    }
    /**
     * Draws a message; called once per display. It may return what takes the message down, which
     * runs however the display ends (the user, `closeMessage`, a change of user).
     */
    export type Renderer = (message: DisplayedMessage, controls: MessageControls) => void | (() => void);
    export interface ClientOptions {
        subscriptionID: string;
        /** The Marquee server's URL, such as `https://marquee.example.com`. */
        server: string;
        appVersion: string;
        appID: string;
        locale: string;
        sdkVersion: string;
        /** Seconds between the end of one message and the start of the next. Default 30. */
        displayIntervalSeconds: number;
        queueOrder: QueueOrder;
        renderer: Renderer | undefined;
        /** Asked before a campaign with contexts (`[checkout] Spring sale`) shows; default: yes. */
        verifyContext: ((contexts: string[], campaignName: string) => boolean) | undefined;
        /** Runs a button's link or deep link; default: http(s) links open in a new tab, deep links navigate the page. */
        openAction: ((action: MessageAction) => void) | undefined;
    }
    /** Pings are at least this far apart, whatever the server answers. */
    export const minPingIntervalMillis = 60000;
    /**
     * The web SDK's engine: one per page. It keeps the user's campaigns and state, runs the
     * trigger engine on the page's events, queues and shows what becomes ready, and reports what the
     * user saw through the outbox. Every time comes from the environment's clock, and nothing here
     * throws into the page: failures are reported as `problem` events.
     */
    export class MarqueeClient {
        #private;
        private readonly options;
        private readonly environment;
        readonly events: Emitter;
        /** The app's renderer, or the built-in one: frames the server renders. */
        private readonly renderer;
        constructor(options: ClientOptions, environment: Environment, deviceID: string);
        /** Loads the user's saved campaigns, logs the app's start, and syncs with the server. */
        start(): Promise<void>;
        /** Switches to the user `details` names (or the anonymous user): their own limits, campaigns and signature. */
        identify(details: UserDetails | undefined): Promise<void>;
        /** Logs a custom event: campaigns whose triggers it completes become ready. */
        logEvent(name: string, attributes?: Readonly<Record<string, AttributeInput>>): void;
        /** Takes down the message on screen, if any, without counting a click or a dismissal. */
        closeMessage(): void;
        /**
         * Asks the server for the user's campaigns now. A sync asked for while one is out runs once
         * that one ends, so an older answer never lands after a newer change was heard.
         */
        sync(): Promise<void>;
        /** Stops timers (a page that removes the SDK, or a test). */
        stop(): void;
    }
    /** The texts in `[…]` of a campaign's name: the contexts the page is asked about. */
    export function contextsOf(campaign: Campaign): string[];
}
declare module "version" {
    /** The version of this Marquee release: the web SDK, the Swift SDK and the server share it (a test keeps them in step). */
    export const sdkVersion = "1.1.0";
}
declare module "api" {
    import { QueueOrder } from "model/messageQueue";
    import { Listener, MarqueeEventName } from "runtime/emitter";
    import { Environment } from "runtime/environment";
    import { AttributeInput } from "runtime/eventAttributes";
    import { MessageAction } from "runtime/messages";
    import { Renderer } from "runtime/client";
    import { sdkVersion } from "version";
    export type { DisplayedMessage, MessageAction, MessageButton, MessageContent, Resolution } from "runtime/messages";
    export type { MarqueeEvents, MarqueeEventName, Listener } from "runtime/emitter";
    export type { MessageControls, Renderer } from "runtime/client";
    export type { AttributeInput } from "runtime/eventAttributes";
    export type { DebugReason } from "model/reasons";
    export type { Environment, KeyValueStorage } from "runtime/environment";
    export { sdkVersion as version };
    /** What `init` takes. Only `subscriptionID` and `server` are required. */
    export interface InitOptions {
        /** The app's subscription ID, from the dashboard's app settings. */
        subscriptionID: string;
        /** The Marquee server's URL, such as `https://marquee.example.com`. */
        server: string;
        /** The web app's version, which campaigns may target. Default `1.0.0`. */
        appVersion?: string;
        /** The app's identifier; default: the page's host name. */
        appID?: string;
        /** The language messages are shown in (BCP 47); default: the browser's. */
        locale?: string;
        /** Seconds between the end of one message and the start of the next; default 30. */
        displayIntervalSeconds?: number;
        /** Among messages of equal priority: first triggered first shown (`fifo`, the default) or last first. */
        queueOrder?: QueueOrder;
        /** Draws messages; called once per display with the controls that end it. */
        renderer?: Renderer;
        /** Asked before a campaign with contexts shows (`[checkout] Spring sale` has `checkout`); default: yes. */
        verifyContext?: (contexts: string[], campaignName: string) => boolean;
        /** Runs a button's link; default: http(s) links open in a new tab, deep links navigate the page. */
        openAction?: (action: MessageAction) => void;
        /** The page's fetch, storage and clock; tests inject their own. */
        environment?: Environment;
    }
    /** Options of `identify`: what the app's backend gave for the user. */
    export interface IdentifyOptions {
        /** The user ID's HMAC-SHA256 (hex) with the app's identity secret, computed by the app's backend. */
        signature?: string;
        idTrackingIdentifier?: string;
        accessToken?: string;
    }
    /**
     * Starts Marquee on this page: reads the user's saved campaigns, logs the app's start and asks
     * the server for the campaigns. Resolves once the first sync ended (it never rejects for the
     * server: a server that is down is reported as a `problem` event). Rejects, with a message
     * saying why, for options that cannot work.
     */
    export function init(options: InitOptions): Promise<void>;
    /** Signs the user in (or out, with `null`): their own campaigns and limits, verified by `signature` when the app requires it. */
    export function identify(userID: string | null, options?: IdentifyOptions): Promise<void>;
    /** Logs a custom event; its attributes are texts, numbers, booleans or dates. */
    export function logEvent(name: string, attributes?: Readonly<Record<string, AttributeInput>>): void;
    /** Takes down the message on screen, if any. */
    export function closeMessage(): void;
    /** Listens for `display`, `close`, `notShown` or `problem`; returns a function that stops listening. */
    export function on<Name extends MarqueeEventName>(name: Name, listener: Listener<Name>): () => void;
}
declare module "index" {
    export * from "api";
}
declare module "marquee" { export * from "index"; }
declare const Marquee: typeof import("index");
