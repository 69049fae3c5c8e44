import Foundation
import MarqueeModel

/// The campaign catalog on disk: read with its user's bucket, written when a ping brings a new
/// list, and asked for a whole campaign when one is about to be shown.
extension MarqueeCore {
    /// Attaches the stored catalog to `bucket`, read from its file. A bucket read from a file that
    /// still held its campaigns (an earlier SDK) gets them moved to the catalog's file once.
    func attachCatalog(to bucket: inout UserBucket) {
        let fileName = CampaignCatalog.fileName(for: bucket.identityKey)
        if bucket.hasInlineCampaigns {
            files.write(bucket.catalog, to: fileName)
            files.write(bucket, to: bucket.fileName)
            bucket.catalogMovedToItsFile()
        } else if let stored = files.read(CampaignCatalog.self, from: fileName) {
            bucket.attach(stored)
        }
    }

    /// Writes the current user's catalog (after a ping brought a new list).
    func saveCatalog() {
        files.write(bucket.catalog, to: CampaignCatalog.fileName(for: bucket.identityKey))
    }

    /// The whole campaign `id` of the current user's list, or `nil` when the list does not hold
    /// it. A campaign whose stored bytes cannot be read is reported, and the next ping asks for
    /// the whole list again.
    func listedCampaign(_ id: String) -> Campaign? {
        do {
            return try bucket.catalog.campaign(id: id)
        } catch {
            report(.storageReset(file: CampaignCatalog.fileName(for: bucket.identityKey), description: String(describing: error)))
            bucket.forgetListFingerprint()
            return nil
        }
    }
}
