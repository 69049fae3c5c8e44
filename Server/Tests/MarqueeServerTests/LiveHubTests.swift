import Foundation
import NIOConcurrencyHelpers
import NIOCore
import MarqueeWire
import Testing
@testable import MarqueeServer

/// The hub of live channels on its own: what each channel is sent, and when.
@Suite struct LiveHubTests {
    /// Everything a stream wrote, as text; `ended` once it finished.
    final class Recorder: Sendable {
        private let state = NIOLockedValueBox((text: "", ended: false))
        var text: String { state.withLockedValue(\.text) }
        var ended: Bool { state.withLockedValue(\.ended) }

        func attach(to stream: EventStream) {
            stream.attach { [state] bytes in
                state.withLockedValue { state in
                    if let bytes { state.text += String(buffer: bytes) } else { state.ended = true }
                }
            }
        }
    }

    private func open(_ hub: LiveHub, app: UUID, device: String, version: Int, last: Int? = nil) throws -> (EventStream, Recorder) {
        let stream = try #require(hub.open(appID: app, deviceID: device, address: "192.0.2.1", catalogVersion: version, lastVersion: last).stream)
        let recorder = Recorder()
        recorder.attach(to: stream)
        return (stream, recorder)
    }

    @Test func aDeviceThatConnectsWithANewerVersionDoesNotHideTheChangeFromTheOthers() throws {
        let hub = LiveHub(maximum: 10)
        let app = UUID()
        let (_, early) = try open(hub, app: app, device: "early", version: 5)
        // The change is committed at 6; a device connects and reads 6 before the watcher announces it.
        let (_, late) = try open(hub, app: app, device: "late", version: 6, last: 5)
        hub.catalogChanged(appID: app, version: 6)
        #expect(early.text.contains("id: 6\nevent: catalog"), "\(early.text)")
        #expect(late.text.components(separatedBy: "event: catalog").count == 3, "told at connect, then once more: \(late.text)")
        hub.catalogChanged(appID: app, version: 6)
        #expect(early.text.components(separatedBy: "event: catalog").count == 2, "a version is announced once")
    }

    @Test func devicesAreReachedByIdAndChannelsBeyondTheMaximumAreRefused() throws {
        let hub = LiveHub(maximum: 2)
        let app = UUID()
        let (first, one) = try open(hub, app: app, device: "a", version: 1)
        let (_, two) = try open(hub, app: app, device: "b", version: 1)
        #expect(hub.open(appID: app, deviceID: "c", address: "192.0.2.9", catalogVersion: 1, lastVersion: nil).stream == nil)
        #expect(hub.send(.debug(.init(pairing: "p", session: "s")), toDevice: "b", of: app) == 1)
        #expect(two.text.contains("event: debug") && !one.text.contains("event: debug"))
        first.connectionClosed()
        #expect(hub.count == 1 && !hub.isConnected(deviceID: "a", of: app))
        #expect(hub.open(appID: app, deviceID: "c", address: "192.0.2.9", catalogVersion: 1, lastVersion: nil).stream != nil)
    }

    @Test func aDeviceKeepsItsNewestChannelsAndTheOldestEnds() throws {
        let hub = LiveHub(maximum: 100, perDevice: 2)
        let app = UUID()
        let opened = try (0..<5).map { _ in try open(hub, app: app, device: "phone", version: 1) }
        #expect(hub.count == 2, "a device holds two channels however often it opens one")
        #expect(opened.prefix(3).allSatisfy { $0.0.isClosed && $0.1.ended }, "the oldest ended, so the device reconnects if it still reads them")
        #expect(opened.suffix(2).allSatisfy { !$0.0.isClosed })
        #expect(hub.send(.debug(.init(pairing: "p", session: "s")), toDevice: "phone", of: app) == 2)
        let (_, other) = try open(hub, app: UUID(), device: "phone", version: 1)
        #expect(hub.count == 3 && !other.ended, "the same device ID in another app is another device")
    }

    @Test func oneAddressTakesItsShareAndOthersStillGetIn() throws {
        let hub = LiveHub(maximum: 10, perAddress: 3)
        let app = UUID()
        for index in 0..<3 {
            #expect(hub.open(appID: app, deviceID: "d\(index)", address: "198.51.100.7", catalogVersion: 1, lastVersion: nil).stream != nil)
        }
        let refused = hub.open(appID: app, deviceID: "d3", address: "198.51.100.7", catalogVersion: 1, lastVersion: nil)
        guard case .addressFull = refused else { Issue.record("one more from the address: \(refused)"); return }
        let other = try #require(hub.open(appID: app, deviceID: "e", address: "203.0.113.5", catalogVersion: 1, lastVersion: nil).stream)
        // A device's second channel counts against its address too; once it is at its own
        // limit, a new channel replaces its oldest, even from a full address.
        #expect(hub.open(appID: app, deviceID: "d0", address: "198.51.100.7", catalogVersion: 1, lastVersion: nil).stream == nil)
        let small = LiveHub(maximum: 10, perAddress: 1, perDevice: 1)
        let first = try #require(small.open(appID: app, deviceID: "d", address: "198.51.100.7", catalogVersion: 1, lastVersion: nil).stream)
        #expect(small.open(appID: app, deviceID: "d", address: "198.51.100.7", catalogVersion: 1, lastVersion: nil).stream != nil)
        #expect(first.isClosed && small.count == 1)
        other.connectionClosed()
        #expect(hub.count == 3)
        #expect(LiveHub.defaultMaximumPerAddress(of: 10_000) == 1_250 && LiveHub.defaultMaximumPerAddress(of: 100) == 64)
    }

    @Test func streamsOpenedWhileTheServerStopsEndAtOnce() throws {
        let streams = OpenStreams()
        let running = EventStream()
        let recorder = Recorder()
        recorder.attach(to: running)
        streams.opened(running)
        streams.finishAll()
        #expect(recorder.ended && streams.count == 0)
        let late = EventStream()
        let lateRecorder = Recorder()
        lateRecorder.attach(to: late)
        streams.opened(late)
        #expect(lateRecorder.ended, "a stream whose head went out after the stop began ends too")
    }

    /// The debug line's kinds and reasons are written twice, in Swift and in `openapi.yaml`: they agree.
    @Test func theAPIDescriptionNamesEveryDebugKindAndReason() throws {
        let yaml = EmbeddedResources.openAPI
        let schema = yaml[try #require(yaml.range(of: "    DebugLine:\n")).upperBound...]
        /// The `enum: [...]` after `key:` in the schema, as names.
        func listed(_ key: String) throws -> [String] {
            let after = schema[try #require(schema.range(of: "\(key):")).upperBound...]
            let open = try #require(after.range(of: "enum: ["))
            let close = try #require(after[open.upperBound...].firstIndex(of: "]"))
            return after[open.upperBound..<close].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines) }
        }
        #expect(try listed("kind") == DebugLineKind.allCases.map(\.rawValue))
        #expect(try Set(listed("reason")) == Set(DebugReason.allCases.map(\.rawValue)))
    }

    @Test func theAPIDescriptionNamesEveryLiveEvent() throws {
        let yaml = EmbeddedResources.openAPI
        let live = yaml[try #require(yaml.range(of: "  /v1/live:\n")).upperBound...]
        let description = live[..<(try #require(live.range(of: "responses:")).lowerBound)]
        for name in LiveEventName.allCases {
            #expect(description.contains("- `\(name.rawValue)`"), "openapi.yaml's /v1/live names the `\(name.rawValue)` event")
        }
    }
}
