#if canImport(UIKit)
import Marquee
import MarqueeRender
import UIKit

/// The App Inbox list for UIKit, on the same ``InboxListViewModel`` as the SwiftUI list: fetches
/// when it appears and on pull to refresh, follows the inbox's changes, shows a progress
/// indicator, the empty or failed state in words, and pushes ``MarqueeInboxDetailViewController``
/// when a row is chosen. Show it inside a `UINavigationController`.
@MainActor
public final class MarqueeInboxViewController: UITableViewController {
    /// The list's logic.
    public let model: InboxListViewModel
    private var running: Task<Void, Never>?
    private var rows: [InboxRow] = []

    /// The list of the inbox in `context`.
    public init(context: InboxViewContext = InboxViewContext()) {
        model = InboxListViewModel(context: context)
        super.init(style: .plain)
        title = model.title
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("MarqueeInboxViewController is created in code") }

    public override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(InboxRowCell.self, forCellReuseIdentifier: InboxRowCell.reuseIdentifier)
        tableView.rowHeight = UITableView.automaticDimension
        tableView.estimatedRowHeight = 80
        let refresh = UIRefreshControl()
        refresh.addTarget(self, action: #selector(pullToRefresh), for: .valueChanged)
        refreshControl = refresh
        model.observe(by: self) { [weak self] in self?.show() }
        show()
    }

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if running == nil { running = Task { [model] in await model.run() } }
    }

    public override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        // Leaving for good (popped or dismissed), not for a pushed detail.
        if isMovingFromParent || isBeingDismissed || navigationController?.isBeingDismissed == true {
            running?.cancel()
            running = nil
        }
    }

    @objc private func pullToRefresh() {
        Task { [weak self, model] in
            await model.refresh()
            self?.refreshControl?.endRefreshing()
        }
    }

    private func show() {
        let labels = model.context.labels
        switch model.state {
        case .loading:
            rows = []
            let spinner = UIActivityIndicatorView(style: .medium)
            spinner.startAnimating()
            spinner.accessibilityLabel = labels.loading
            tableView.backgroundView = spinner
        case .empty:
            rows = []
            tableView.backgroundView = Self.placeholder(labels.empty)
        case .failed(let message):
            rows = []
            tableView.backgroundView = Self.placeholder(message)
        case .loaded(let loaded):
            rows = loaded
            tableView.backgroundView = nil
        }
        tableView.reloadData()
    }

    private static func placeholder(_ text: String) -> UIView {
        let label = UILabel()
        label.text = text
        label.font = .preferredFont(forTextStyle: .headline)
        label.textAlignment = .center
        label.numberOfLines = 0
        return label
    }

    public override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        rows.count
    }

    public override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: InboxRowCell.reuseIdentifier, for: indexPath)
        (cell as? InboxRowCell)?.show(rows[indexPath.row], labels: model.context.labels)
        return cell
    }

    public override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        let detail = MarqueeInboxDetailViewController(messageID: rows[indexPath.row].id, context: model.context)
        navigationController?.pushViewController(detail, animated: true)
    }
}
#endif
