import Foundation
import MarqueeModel
import MarqueeWire

/// Profile values: the current user's changes, queued in the outbox as one request per user that
/// later changes merge into, so the server receives them in the order the app made them.
extension MarqueeCore {
    func updateProfile(_ update: ProfileUpdate) {
        let user = identity
        guard user.userID != nil else {
            return report(.invalidUserInfo("profile values belong to an identified user: register a user ID first"))
        }
        let invalid = update.invalidNames
        guard invalid.isEmpty else {
            return report(.invalidUserInfo("\(invalid.joined(separator: ", ")): \(ProfileName.rule)"))
        }
        let request = ProfileUpdateRequest(userIdentifiers: UserIdentifierDTO.list(for: user), attributes: update.attributes,
                                           addTags: update.addTags, removeTags: update.removeTags, batchId: environment.random.uuid())
        if let index = outbox.items.firstIndex(where: { $0.identityKey == user.key && $0.payload.isProfileUpdate }),
           case .profile(let pending) = outbox.items[index].payload {
            outbox.items[index].payload = .profile(pending.merged(with: request))
            files.write(outbox, to: Outbox.fileName)
            track { await $0.flushOutbox() }
        } else {
            send(.profile(request), for: user, at: now)
        }
    }
}
