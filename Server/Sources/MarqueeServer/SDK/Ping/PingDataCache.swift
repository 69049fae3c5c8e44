import Crypto
import Foundation
import NIOConcurrencyHelpers
import NIOCore

/// The compressed `data` array of each distinct ping answer, so a device that asks for gzip costs
/// a lookup, not a compression: most devices of an app are sent one of a few lists of campaigns.
///
/// A list is keyed by what makes its bytes: the catalog version, the forms it holds in order
/// (each named by its entry's position and its slot, see ``CampaignCatalog/Form/slot``),
/// whether they are the extended forms, and for base forms the language asked for. An app's lists are dropped when its catalog version moves
/// on, and the least recently used go when the cache outgrows its budget.
///
/// Each list is also named by the digest of its content (``CompressedList/digest``), by which
/// `GET /v1/catalog/{digest}` finds it.
final class PingDataCache: Sendable {
    /// A list compressed, and the digest that names it.
    struct CompressedList: Sendable {
        let segment: DeflatedSegment
        /// Lower-case hexadecimal SHA-256 of the list's content, `{"data":[…]}`
        /// (``CampaignListBody``): the same on every instance for the same list.
        let digest: String
        let appID: UUID
        let version: Int

        init(data: ByteBuffer, appID: UUID, version: Int) throws {
            segment = try DeflatedSegment(compressing: data)
            var hash = SHA256()
            hash.update(data: Array(CampaignListBody.head.utf8))
            data.withUnsafeReadableBytes { hash.update(bufferPointer: $0) }
            hash.update(data: Array(CampaignListBody.tail.utf8))
            digest = hash.finalize().lowercaseHex
            self.appID = appID
            self.version = version
        }
    }

    struct Key: Hashable, Sendable {
        let extended: Bool
        /// The languages base forms are chosen in (``CampaignCatalog/Form/json(extended:languages:)``).
        var languages: [String] = []
        let forms: [UInt64]

        /// How `forms` names the form in `slot` of the snapshot's entry at `position`.
        static func form(position: Int, slot: UInt16) -> UInt64 {
            UInt64(position) << 16 | UInt64(slot)
        }
    }

    /// Compressed bytes held at most, across apps.
    let budget: Int

    /// A class so that a hit marks its use without hashing the key a second time; it is only
    /// read and written under the state's lock.
    private final class Stored: @unchecked Sendable {
        let list: CompressedList
        var lastUse: UInt64
        /// Whether the list is in the database, where every instance finds it by its digest.
        var isStored = false

        init(list: CompressedList, lastUse: UInt64) {
            self.list = list
            self.lastUse = lastUse
        }

        var bytes: Int { list.segment.deflated.readableBytes }
    }

    private struct AppLists {
        var version: Int
        var lists: [Key: Stored] = [:]

        /// The compressed bytes these lists hold.
        var bytes: Int { lists.values.reduce(0) { $0 + $1.bytes } }
    }

    private struct State {
        var apps: [UUID: AppLists] = [:]
        /// Where each held list is, by its digest.
        var digests: [String: (appID: UUID, key: Key)] = [:]
        var bytes = 0
        var uses: UInt64 = 0
        var hits = 0
        var misses = 0
        /// Compressions under way, so concurrent first requests for a list share one.
        var compressing: [ListID: Task<CompressedList, any Error>] = [:]
    }

    private struct ListID: Hashable {
        let appID: UUID
        let version: Int
        let key: Key
    }

    private enum Lookup {
        case held(CompressedList)
        case compressing(Task<CompressedList, any Error>, started: Bool)
    }

    private let state = NIOLockedValueBox(State())

    /// 32 MB holds 800 distinct 1,000-campaign answers (about 40 KB each compressed).
    init(budget: Int = 32 << 20) {
        self.budget = budget
    }

    /// The compressed list for `key` in the app's catalog `version`, compressing what `data`
    /// gives when it is not held. Concurrent first requests for a list wait for one compression.
    func segment(appID: UUID, version: Int, key: Key, data: @escaping @Sendable () -> ByteBuffer) async throws -> DeflatedSegment {
        try await list(appID: appID, version: version, key: key, data: data).segment
    }

    /// ``segment(appID:version:key:data:)`` with the list's digest.
    func list(appID: UUID, version: Int, key: Key, data: @escaping @Sendable () -> ByteBuffer) async throws -> CompressedList {
        let id = ListID(appID: appID, version: version, key: key)
        let lookup = state.withLockedValue { state -> Lookup in
            state.uses += 1
            if state.apps[appID]?.version == version, let stored = state.apps[appID]?.lists[key] {
                stored.lastUse = state.uses
                state.hits += 1
                return .held(stored.list)
            }
            if let running = state.compressing[id] { return .compressing(running, started: false) }
            state.misses += 1
            let task = Task { try CompressedList(data: data(), appID: appID, version: version) }
            state.compressing[id] = task
            return .compressing(task, started: true)
        }
        switch lookup {
        case .held(let list):
            return list
        case .compressing(let task, started: false):
            return try await task.value
        case .compressing(let task, started: true):
            defer { state.withLockedValue { _ = $0.compressing.removeValue(forKey: id) } }
            let list = try await task.value
            keep(list, key: key)
            return list
        }
    }

    /// The held list `digest` names, if any.
    func list(digest: String) -> CompressedList? {
        state.withLockedValue { state in
            guard let place = state.digests[digest] else { return nil }
            return state.apps[place.appID]?.lists[place.key]?.list
        }
    }

    /// Whether the list `digest` names is held and known to be stored in the database.
    func isStored(_ digest: String) -> Bool {
        state.withLockedValue { state in
            guard let place = state.digests[digest] else { return false }
            return state.apps[place.appID]?.lists[place.key]?.isStored ?? false
        }
    }

    /// Notes that the list `digest` names is stored in the database.
    func markStored(_ digest: String) {
        state.withLockedValue { state in
            guard let place = state.digests[digest] else { return }
            state.apps[place.appID]?.lists[place.key]?.isStored = true
        }
    }

    private func keep(_ list: CompressedList, key: Key) {
        state.withLockedValue { state in
            // A list bigger than the whole budget is served, not kept.
            guard list.segment.deflated.readableBytes <= budget else { return }
            if let lists = state.apps[list.appID], lists.version != list.version {
                guard lists.version < list.version else { return }  // a newer version is already held
                Self.drop(appID: list.appID, from: &state)
            }
            state.uses += 1
            let replaced = state.apps[list.appID, default: AppLists(version: list.version)].lists
                .updateValue(Stored(list: list, lastUse: state.uses), forKey: key)
            state.bytes += list.segment.deflated.readableBytes - (replaced?.bytes ?? 0)
            state.digests[list.digest] = (list.appID, key)
            Self.evict(&state, downTo: budget)
        }
    }

    /// Forgets an app's lists (the app was deleted).
    func remove(appID: UUID) {
        state.withLockedValue { Self.drop(appID: appID, from: &$0) }
    }

    private static func drop(appID: UUID, from state: inout State) {
        guard let lists = state.apps.removeValue(forKey: appID) else { return }
        state.bytes -= lists.bytes
        for stored in lists.lists.values { state.digests[stored.list.digest] = nil }
    }

    /// Bytes held, and lookups that found their list or did not.
    var statistics: (bytes: Int, hits: Int, misses: Int) {
        state.withLockedValue { ($0.bytes, $0.hits, $0.misses) }
    }

    /// Drops the least recently used lists until the held bytes fit the budget.
    private static func evict(_ state: inout State, downTo budget: Int) {
        while state.bytes > budget {
            var oldest: (app: UUID, key: Key, lastUse: UInt64)?
            for (app, lists) in state.apps {
                for (key, stored) in lists.lists where stored.lastUse < oldest?.lastUse ?? .max {
                    oldest = (app, key, stored.lastUse)
                }
            }
            guard let oldest, let removed = state.apps[oldest.app]?.lists.removeValue(forKey: oldest.key) else { return }
            state.bytes -= removed.bytes
            state.digests[removed.list.digest] = nil
            if state.apps[oldest.app]?.lists.isEmpty == true { state.apps[oldest.app] = nil }
        }
    }
}
