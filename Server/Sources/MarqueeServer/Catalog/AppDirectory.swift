import Fluent
import Foundation

/// The apps devices name by subscription ID, served from memory so an SDK request does not read
/// its app row from the database.
///
/// An entry is dropped whenever its app changes: by ``CatalogStore`` after its transaction
/// commits here, and by ``AppChangeListener`` when another instance commits one (PostgreSQL).
/// A load that was under way when its app changed is not kept, so a row read before a commit
/// can never outlive it. While the directory cannot learn of other instances' changes (its
/// PostgreSQL listener is not connected), it keeps nothing and every request reads the row.
actor AppDirectory {
    private var apps: [String: AppRow] = [:]
    /// Counts changes; a load keeps its row only if its app did not change after the load began.
    private var changes = 0
    private var lastChange: [UUID: Int] = [:]
    /// When everything was last dropped.
    private var lastReset = 0
    private var learnsOfChanges: Bool

    /// `learnsOfChanges`: true when every change reaches this directory (one process on SQLite).
    init(learnsOfChanges: Bool) {
        self.learnsOfChanges = learnsOfChanges
    }

    /// The app with `subscriptionID`, or `nil`; a fresh record for the caller's request alone.
    /// `database` is asked for only when the row is not held.
    func app(subscriptionID: String, on database: @autoclosure @Sendable () -> any Database) async throws -> AppRecord? {
        if learnsOfChanges, let row = apps[subscriptionID] { return AppRecord(row) }
        let started = changes
        guard let record = try await AppRecord.query(on: database()).filter(\.$subscriptionID == subscriptionID).first() else {
            return nil
        }
        let row = try AppRow(record)
        if learnsOfChanges, lastReset <= started, (lastChange[row.id] ?? 0) <= started {
            apps[subscriptionID] = row
        }
        return record
    }

    /// The app changed (or was deleted): its next request reads it again.
    func forget(_ appID: UUID) {
        changes += 1
        lastChange[appID] = changes
        apps = apps.filter { $0.value.id != appID }
    }

    /// Whether changes made elsewhere reach this directory from now on; either way, everything
    /// held so far is dropped, since changes may have been missed.
    func setLearnsOfChanges(_ value: Bool) {
        changes += 1
        lastReset = changes
        lastChange.removeAll()
        apps.removeAll()
        learnsOfChanges = value
    }

    /// How many apps are held, and whether changes reach this directory (tests and diagnostics).
    var count: Int { apps.count }
    var isLearningOfChanges: Bool { learnsOfChanges }
}

/// An app row's values, immutable and shareable between requests (``AppRecord`` instances are not).
struct AppRow: Sendable {
    let id: UUID
    let name: String
    let subscriptionID: String
    let secretHash: String
    let rolloutPercentage: Int
    let pingIntervalSeconds: Int
    let testUserIDsJSON: String
    let testDeviceIDsJSON: String
    let frequencyCapsJSON: String
    let campaignsVersion: Int
    let campaignsChangedAt: Int64
    let identityVerificationRaw: String
    let identitySecret: String?
    let previousIdentitySecret: String?
    let previousIdentitySecretUntil: Int64?
    let createdAt: Date?
    let updatedAt: Date?

    init(_ record: AppRecord) throws {
        id = try record.requireID()
        name = record.name
        subscriptionID = record.subscriptionID
        secretHash = record.secretHash
        rolloutPercentage = record.rolloutPercentage
        pingIntervalSeconds = record.pingIntervalSeconds
        testUserIDsJSON = record.testUserIDsJSON
        testDeviceIDsJSON = record.testDeviceIDsJSON
        frequencyCapsJSON = record.frequencyCapsJSON
        campaignsVersion = record.campaignsVersion
        campaignsChangedAt = record.campaignsChangedAt
        identityVerificationRaw = record.identityVerificationRaw
        identitySecret = record.identitySecret
        previousIdentitySecret = record.previousIdentitySecret
        previousIdentitySecretUntil = record.previousIdentitySecretUntil
        createdAt = record.createdAt
        updatedAt = record.updatedAt
    }
}

extension AppRecord {
    /// A record of `row`, as if just read from the database.
    convenience init(_ row: AppRow) {
        self.init()
        id = row.id
        name = row.name
        subscriptionID = row.subscriptionID
        secretHash = row.secretHash
        rolloutPercentage = row.rolloutPercentage
        pingIntervalSeconds = row.pingIntervalSeconds
        testUserIDsJSON = row.testUserIDsJSON
        testDeviceIDsJSON = row.testDeviceIDsJSON
        frequencyCapsJSON = row.frequencyCapsJSON
        campaignsVersion = row.campaignsVersion
        campaignsChangedAt = row.campaignsChangedAt
        identityVerificationRaw = row.identityVerificationRaw
        identitySecret = row.identitySecret
        previousIdentitySecret = row.previousIdentitySecret
        previousIdentitySecretUntil = row.previousIdentitySecretUntil
        createdAt = row.createdAt
        updatedAt = row.updatedAt
        $id.exists = true
    }
}
