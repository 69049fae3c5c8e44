import Foundation
import MarqueeModel

/// Displays the last launch left on screen (the app was killed): reported to the delegate as
/// ``DisplayResolution/interrupted`` once there is one, and not counted.
extension MarqueeCore {
    /// Moves the displays the last launch left on screen into `interrupted`.
    func collectInterrupted() {
        guard let record = files.read(OnScreenRecord.self, from: OnScreenRecord.fileName),
              !record.entries.isEmpty else { return }
        files.write(OnScreenRecord(), to: OnScreenRecord.fileName)
        for entry in record.entries {
            let stored = entry.identityKey == bucket.identityKey ? bucket : loadBucket(forKey: entry.identityKey)
            guard let campaign = try? stored.catalog.campaign(id: entry.campaignID) else {
                environment.log("Marquee: campaign \(entry.campaignID) was on screen when the app stopped but is no longer stored")
                continue
            }
            interrupted.add(InAppMessage(campaign: campaign))
        }
    }

    /// Tells the delegate, once there is one, that those displays ended as interrupted.
    func reportInterrupted() async {
        guard !interrupted.isEmpty else { return }
        let messages = interrupted.take()
        let registry = self.registry
        let told: Bool = await MainActor.run {
            guard let delegate = registry.delegate else { return false }
            for message in messages { delegate.marquee(didFinish: message, with: .interrupted) }
            return true
        }
        if !told { interrupted.putBack(messages) }
    }
}
