import Foundation
import MarqueeModel

/// Identity: who the user is (read from the provider on demand), switching users, and each user's
/// bucket on disk. A finished display is counted in the bucket of the user it was shown to.
extension MarqueeCore {
    /// The current user (``CurrentUser``).
    var identity: UserIdentity { user.identity }
    var accessToken: String? { user.accessToken }
    var userSignature: String? { user.signature }
    var provider: (any UserInfoProvider)? { user.provider }

    /// Reads the provider; on a change of user, saves the last user's bucket, loads the new one and pings.
    func refreshIdentity() {
        let reading = user.read()
        if let problem = reading.newProblem { report(.invalidUserInfo(problem)) }
        guard reading.switchedUser else { return }
        // The bucket is still the last user's: it is saved under that user's key.
        saveBucket()
        bucket = loadBucket(for: identity)
        // The inbox shows the new user's messages only (none until their first sync).
        inbox = loadInbox(for: identity)
        publishInbox()
        reloadEngine(progress: bucket.progress)
        publishPlacements()
        refreshCampaigns()
    }

    /// The bucket stored for `identity`, or an empty one.
    func loadBucket(for identity: UserIdentity) -> UserBucket {
        loadBucket(forKey: identity.key)
    }

    /// The bucket stored for the identity with `key`, with its campaign catalog, or an empty one.
    func loadBucket(forKey key: String) -> UserBucket {
        let stored = files.read(UserBucket.self, from: FileStore.bucketFileName(for: key))
        guard var stored, stored.identityKey == key else { return UserBucket(identityKey: key) }
        attachCatalog(to: &stored)
        return stored
    }

    /// Writes the current user's bucket, with the trigger engine's progress.
    func saveBucket() {
        bucket.keep(engine.progress)
        files.write(bucket, to: bucket.fileName)
        timers.cancel(.save)
    }

    /// Saves the current bucket soon (trigger progress changes with every matching event). The
    /// scheduled save is the only record that the bucket has unsaved changes.
    func markDirty() {
        if !timers.isScheduled(.save) { schedule(.save, at: now.addingTimeInterval(1)) }
    }

    /// Counts a display of `campaign` that ended at `date` for `user`, the user it was shown to:
    /// in the loaded bucket when that user is still current, else in that user's file.
    func recordDisplay(of campaign: Campaign, optedOut: Bool, for user: UserIdentity, at date: Date) {
        if user.key == bucket.identityKey {
            bucket.recordEnd(of: campaign, optedOut: optedOut, at: date)
            saveBucket()
        } else {
            var other = loadBucket(for: user)
            other.recordEnd(of: campaign, optedOut: optedOut, at: date)
            files.write(other, to: other.fileName)
        }
    }
}
