extension HEIF.ItemGraph {
    /// The items of one cycle of `dimg` references (ISO/IEC 23008-12 §6.6.1), each the input
    /// of the one before it, or nil when every derived image can be reconstructed from
    /// others. An item that is its own input is a cycle of one. A reader that follows inputs
    /// recursively never ends on such a graph, so it is found here once, by an iterative
    /// depth-first walk a file's references cannot make recurse. With `longerThanOne`, items
    /// that are their own input are passed over and only a cycle through others is sought.
    package func derivationCycle(longerThanOne: Bool = false) -> [UInt32]? {
        var inputs: [(from: UInt32, to: [UInt32])] = []
        for r in references where r.type == BMFF.BoxType.dimg {
            if let i = inputs.firstIndex(where: { $0.from == r.fromItemID }) { inputs[i].to += r.toItemIDs } else { inputs.append((r.fromItemID, r.toItemIDs)) }
        }
        func next(_ id: UInt32) -> [UInt32] { inputs.first { $0.from == id }?.to ?? [] }
        // 0: not seen, 1: on the current path, 2: done.
        var state: [(id: UInt32, mark: UInt8)] = inputs.map { ($0.from, 0) }
        func mark(_ id: UInt32) -> UInt8 { state.first { $0.id == id }?.mark ?? 2 }
        func set(_ id: UInt32, _ m: UInt8) { if let i = state.firstIndex(where: { $0.id == id }) { state[i].mark = m } }
        for start in inputs.map(\.from) where mark(start) == 0 {
            var path: [(id: UInt32, next: Int)] = [(start, 0)]
            set(start, 1)
            while let top = path.last {
                let children = next(top.id)
                guard top.next < children.count else {
                    set(top.id, 2)
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let child = children[top.next]
                switch mark(child) {
                case 1:
                    guard !longerThanOne || child != top.id, let at = path.firstIndex(where: { $0.id == child }) else { continue }
                    return path[at...].map(\.id)
                case 0:
                    set(child, 1)
                    path.append((child, 0))
                default: continue
                }
            }
        }
        return nil
    }
}
