import Foundation

/// This process's memory, from `/proc/self/status` on Linux (`getrusage` elsewhere), in MiB.
///
/// The resident peak counts the pages of every shared library the process maps, clean code and
/// data the kernel can drop and read again: on Linux, Foundation and FoundationNetworking (with
/// curl and its TLS libraries) alone put about 27 MiB of them in an empty process. Apple
/// platforms count a process against its memory limit by its footprint, the memory it has
/// written (private and dirty), and keep system frameworks in a shared cache outside it. So the
/// benchmarks also print the peak of private memory, bounded from above: the resident peak less
/// the file-backed pages resident when the measurement began. File-backed pages only grow
/// during a short run, so no instant's private memory exceeds that difference.
struct ProcessMemory {
    /// The highest resident set so far (VmHWM).
    var peakResident: Double
    /// Resident pages backed by files (RssFile + RssShmem): libraries' code and read-only data,
    /// memory-mapped stores.
    var fileBacked: Double

    static func now() -> ProcessMemory {
        #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
            return ProcessMemory(peakResident: 0, fileBacked: 0)
        }
        func mebibytes(_ field: String) -> Double {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
                  let kib = Double(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
            return kib / 1024
        }
        return ProcessMemory(peakResident: mebibytes("VmHWM"), fileBacked: mebibytes("RssFile") + mebibytes("RssShmem"))
        #else
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return ProcessMemory(peakResident: Double(usage.ru_maxrss) / 1_048_576, fileBacked: 0)
        #endif
    }

    /// The most private memory the process can have held since `start` was read.
    func peakPrivate(since start: ProcessMemory) -> Double {
        max(0, peakResident - start.fileBacked)
    }
}
