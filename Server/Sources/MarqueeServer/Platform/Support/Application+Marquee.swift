import SQLKit
import Vapor

/// The services a running server shares across requests. A class: every request reads it, and
/// handing out a reference costs less than copying each service.
final class MarqueeServices: Sendable {
    let configuration: ServerConfiguration
    let clock: any ServerClock
    let catalog: CampaignCatalog
    /// The apps SDK requests name, served from memory.
    let directory: AppDirectory
    /// Every app's web origins, which CORS preflights are answered from.
    let webOrigins: KnownWebOrigins
    /// Hash of the admin token in force.
    let adminTokenHash: String
    /// Where previews are rendered.
    let renderWorkers: RenderWorkers
    /// Stores impression batches, committing concurrent ones together.
    let impressionWriter: ImpressionWriter
    /// Stores App Inbox tracking events, committing concurrent requests' together.
    let inboxTracking: GroupCommit<InboxStore.TrackedEvents, Int>
    /// Where passwords are hashed and checked.
    let passwords: PasswordWorkers
    /// Failed sign-ins per account and address.
    let signInLimiter: SignInLimiter
    /// Where audience counts, statistics and exports read, apart from devices.
    let adminLane: AdminLane
    /// Device requests in flight.
    let deviceTraffic: DeviceTraffic
    /// Profile imports running behind their requests.
    let importJobs: ImportJobs
    /// Users' rows held in memory, and how their changes reach every instance.
    let userChanges: UserChanges
    /// App facts of identified pings, written behind the answers.
    let userFacts: UserFactsRecorder
    /// Delivers the event log to webhooks.
    let webhooks: WebhookDispatcher
    /// The live channels this instance holds.
    let live: LiveHub
    /// Previews and debug sessions for paired devices, through ``live``.
    let pairedDevices: PairedDevices
    /// Pairing codes tried per address: a code is short, so guessing is slowed down.
    let pairingAttempts: RateLimiter

    init(configuration: ServerConfiguration, clock: any ServerClock, catalog: CampaignCatalog, directory: AppDirectory,
         adminTokenHash: String, renderWorkers: RenderWorkers, impressionWriter: ImpressionWriter,
         inboxTracking: GroupCommit<InboxStore.TrackedEvents, Int>, passwords: PasswordWorkers, signInLimiter: SignInLimiter,
         adminLane: AdminLane, userChanges: UserChanges, userFacts: UserFactsRecorder, webhooks: WebhookDispatcher,
         pairedDevices: PairedDevices,
         importJobs: (DeviceTraffic) -> ImportJobs) {
        self.webhooks = webhooks
        self.configuration = configuration
        self.clock = clock
        self.catalog = catalog
        self.directory = directory
        webOrigins = KnownWebOrigins(directory: directory, clock: clock)
        self.adminTokenHash = adminTokenHash
        self.renderWorkers = renderWorkers
        self.impressionWriter = impressionWriter
        self.inboxTracking = inboxTracking
        self.passwords = passwords
        self.signInLimiter = signInLimiter
        self.adminLane = adminLane
        self.userChanges = userChanges
        self.userFacts = userFacts
        deviceTraffic = DeviceTraffic(clock: clock)
        self.importJobs = importJobs(deviceTraffic)
        live = pairedDevices.hub
        self.pairedDevices = pairedDevices
        pairingAttempts = RateLimiter(perMinute: PairingCode.attemptsPerMinute, burst: PairingCode.attemptsPerMinute, clock: clock)
    }
}

extension Application {
    private struct ServicesKey: StorageKey {
        typealias Value = MarqueeServices
    }

    var marquee: MarqueeServices {
        get {
            guard let services = storage[ServicesKey.self] else {
                fatalError("configure(_:configuration:) must run before the app serves requests")
            }
            return services
        }
        set { storage[ServicesKey.self] = newValue }
    }
}

extension Request {
    var marquee: MarqueeServices { application.marquee }

    /// Runs `job` in the ``AdminLane``, on its database: for admin reads that can take long.
    func inAdminLane<T: Sendable>(_ job: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await marquee.adminLane.run(logger: logger, on: eventLoop, job)
    }

    /// Users' rows as pings read them, on this request's database.
    var userRows: UserRows {
        UserRows(database: self.db, changes: marquee.userChanges, recorder: marquee.userFacts)
    }

    /// Users' profiles, on this request's database.
    var userProfiles: UserProfileStore {
        UserProfileStore(database: db, changes: marquee.userChanges)
    }

    /// Users' placeholder values, on this request's database.
    var userValues: UserAttributesStore {
        UserAttributesStore(database: db, changes: marquee.userChanges)
    }

    /// The accounts of this server, on this request's database.
    var accounts: AccountStore {
        AccountStore(database: db, clock: marquee.clock, passwords: marquee.passwords)
    }
}
