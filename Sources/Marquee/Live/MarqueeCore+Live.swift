import Foundation
import MarqueeModel
import MarqueeWire

/// The live channel: carries out what ``LiveChannelState`` decides. While it is open the server
/// says when the app's campaigns change (the SDK pings again within a few seconds, at a random
/// moment), sends previews to a paired device, and starts and stops debug sessions.
extension MarqueeCore {
    private var liveURL: URL? { device.endpoints?.live.flatMap { URL(string: $0) } }

    /// Whether the channel should be open now: also with live updates off while the device is
    /// paired, since previews and debug sessions come through it.
    private var wantsLiveChannel: Bool {
        live.wanted(isActive: isActive, isInForeground: lifecycle.isInForeground,
                    isTurnedOn: settings.liveUpdates || isPaired, hasEndpoint: liveURL != nil)
    }

    /// Opens or closes the channel as the SDK's state now asks.
    func updateLiveChannel() {
        guard wantsLiveChannel else { return closeLiveChannel() }
        guard !live.isOpen, !timers.isScheduled(.liveConnect) else { return }
        openLiveChannel()
    }

    private func closeLiveChannel() {
        timers.cancel(.liveConnect)
        guard live.isOpen else { return }
        live.closeByApp()
    }

    /// Connects now (``Job/liveConnect``).
    func openLiveChannel() {
        guard let client, let url = liveURL else { return }
        let generation = live.open(at: now)
        var headers = client.headers(accessToken: nil)
        headers["Accept"] = "text/event-stream"
        headers["Content-Type"] = nil
        if let last = live.lastEventID { headers["Last-Event-ID"] = last }
        let stream = environment.streamTransport.open(HTTPRequest(method: "GET", url: url, headers: headers))
        // Not tracked work: the channel stays open, and `waitUntilIdle` must not wait for it.
        live.read(with: Task { [weak self] in
            var failed = false
            do {
                for try await part in stream {
                    guard let self, await self.liveReceived(part, generation: generation) else { return }
                }
            } catch {
                failed = true
            }
            await self?.liveEnded(generation, failed: failed)
        })
    }

    /// Handles a part of connection `generation`; returns whether to go on reading.
    private func liveReceived(_ part: HTTPStreamPart, generation: Int) async -> Bool {
        guard generation == live.generation else { return false }
        switch part {
        case .status(let status):
            guard status == 200 else {
                // 429 and 5xx (a full server among them) are worth another try later; other refusals are not.
                let refused = (400..<500).contains(status) && status != 429
                if live.closed(generation, at: now, failed: true, refused: refused) {
                    environment.log("Marquee: the live channel was refused (HTTP \(status))")
                    if !refused { scheduleLiveReconnect() }
                }
                return false
            }
            return true
        case .bytes(let data):
            let events: [ServerSentEvent]
            do {
                events = try live.feed(data)
            } catch {
                if live.closed(generation, at: now, failed: true) { scheduleLiveReconnect() }
                return false
            }
            for event in events { await handleLiveEvent(event) }
            return true
        }
    }

    private func liveEnded(_ generation: Int, failed: Bool) {
        guard live.closed(generation, at: now, failed: failed) else { return }
        scheduleLiveReconnect()
    }

    private func scheduleLiveReconnect() {
        guard wantsLiveChannel else { return }
        schedule(.liveConnect, at: now.addingTimeInterval(live.reconnectDelay(unit: environment.random.unit())))
    }

    private func handleLiveEvent(_ event: ServerSentEvent) async {
        // Events of a newer server are not for this SDK.
        guard let name = LiveEventName(rawValue: event.name) else { return }
        let data = Data(event.data.utf8)
        let decoder = MarqueeJSONCoders.decoder
        switch name {
        case .catalog:
            // A paired device holds the channel with live updates off: it hears changes, and pings on its own time.
            guard settings.liveUpdates else { return }
            let spread = TimeInterval(min(60, max(0, (try? decoder.decode(LiveCatalog.self, from: data))?.spread ?? 3)))
            environment.log("Marquee: the app's campaigns changed; refreshing")
            // Every device hears this at once: each pings at its own moment within the spread.
            schedule(.ping, at: now.addingTimeInterval(spread * environment.random.unit()))
        case .preview:
            guard let preview = try? decoder.decode(LivePreview.self, from: data) else {
                return report(.invalidResponse(endpoint: "live", description: "a preview the SDK cannot read"))
            }
            showPreview(preview)
        case .debug:
            guard let debug = try? decoder.decode(LiveDebug.self, from: data) else { return }
            setDebugSession(debug.session)
        case .unpaired:
            guard let unpaired = try? decoder.decode(LiveUnpaired.self, from: data) else { return }
            await pairingEnded(unpaired.pairing)
        }
    }
}
