import Fluent
import Foundation
import Logging

/// Turns the app changes ``AppDirectory`` hears of (this instance's writes, and other instances'
/// through PostgreSQL) into `catalog` events: for an app with live channels here, it reads the
/// catalog version, and ``LiveHub`` tells the channels when the version moved.
struct LiveCatalogWatcher: Sendable {
    let hub: LiveHub
    let database: any Database
    let logger: Logger

    func start(on directory: AppDirectory) {
        directory.observe { change in
            let apps: [UUID]
            switch change {
            case .app(let appID): apps = hub.apps.contains(appID) ? [appID] : []
            case .all: apps = hub.apps
            }
            guard !apps.isEmpty else { return }
            Task { await announce(apps) }
        }
    }

    private func announce(_ apps: [UUID]) async {
        do {
            let rows = try await AppRecord.query(on: database).filter(\.$id ~~ apps).field(\.$id).field(\.$campaignsVersion).all()
            for row in rows {
                if let id = row.id { hub.catalogChanged(appID: id, version: row.campaignsVersion) }
            }
        } catch {
            logger.warning("could not read catalog versions for live channels", metadata: ["error": "\(String(reflecting: error))"])
        }
    }
}
