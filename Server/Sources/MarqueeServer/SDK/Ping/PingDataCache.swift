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
final class PingDataCache: Sendable {
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
        let segment: DeflatedSegment
        var lastUse: UInt64

        init(segment: DeflatedSegment, lastUse: UInt64) {
            self.segment = segment
            self.lastUse = lastUse
        }
    }

    private struct AppLists {
        var version: Int
        var lists: [Key: Stored] = [:]

        /// The compressed bytes these lists hold.
        var bytes: Int { lists.values.reduce(0) { $0 + $1.segment.deflated.readableBytes } }
    }

    private struct State {
        var apps: [UUID: AppLists] = [:]
        var bytes = 0
        var uses: UInt64 = 0
        var hits = 0
        var misses = 0
        /// Compressions under way, so concurrent first requests for a list share one.
        var compressing: [ListID: Task<DeflatedSegment, any Error>] = [:]
    }

    private struct ListID: Hashable {
        let appID: UUID
        let version: Int
        let key: Key
    }

    private enum Lookup {
        case held(DeflatedSegment)
        case compressing(Task<DeflatedSegment, any Error>, started: Bool)
    }

    private let state = NIOLockedValueBox(State())

    /// 32 MB holds 800 distinct 1,000-campaign answers (about 40 KB each compressed).
    init(budget: Int = 32 << 20) {
        self.budget = budget
    }

    /// The compressed list for `key` in the app's catalog `version`, compressing what `data`
    /// gives when it is not held. Concurrent first requests for a list wait for one compression.
    func segment(appID: UUID, version: Int, key: Key, data: @escaping @Sendable () -> ByteBuffer) async throws -> DeflatedSegment {
        let id = ListID(appID: appID, version: version, key: key)
        let lookup = state.withLockedValue { state -> Lookup in
            state.uses += 1
            if state.apps[appID]?.version == version, let stored = state.apps[appID]?.lists[key] {
                stored.lastUse = state.uses
                state.hits += 1
                return .held(stored.segment)
            }
            if let running = state.compressing[id] { return .compressing(running, started: false) }
            state.misses += 1
            let task = Task { try DeflatedSegment(compressing: data()) }
            state.compressing[id] = task
            return .compressing(task, started: true)
        }
        switch lookup {
        case .held(let segment):
            return segment
        case .compressing(let task, started: false):
            return try await task.value
        case .compressing(let task, started: true):
            defer { state.withLockedValue { _ = $0.compressing.removeValue(forKey: id) } }
            let segment = try await task.value
            keep(segment, appID: appID, version: version, key: key)
            return segment
        }
    }

    private func keep(_ segment: DeflatedSegment, appID: UUID, version: Int, key: Key) {
        state.withLockedValue { state in
            // A list bigger than the whole budget is served, not kept.
            guard segment.deflated.readableBytes <= budget else { return }
            if let lists = state.apps[appID], lists.version != version {
                guard lists.version < version else { return }  // a newer version is already held
                state.bytes -= lists.bytes
                state.apps[appID] = nil
            }
            state.uses += 1
            let replaced = state.apps[appID, default: AppLists(version: version)].lists
                .updateValue(Stored(segment: segment, lastUse: state.uses), forKey: key)
            state.bytes += segment.deflated.readableBytes - (replaced?.segment.deflated.readableBytes ?? 0)
            Self.evict(&state, downTo: budget)
        }
    }

    /// Forgets an app's lists (the app was deleted).
    func remove(appID: UUID) {
        state.withLockedValue { state in
            guard let lists = state.apps.removeValue(forKey: appID) else { return }
            state.bytes -= lists.bytes
        }
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
            state.bytes -= removed.segment.deflated.readableBytes
            if state.apps[oldest.app]?.lists.isEmpty == true { state.apps[oldest.app] = nil }
        }
    }
}
