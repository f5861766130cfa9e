#if canImport(CLibXML2)
import CLibXML2
#else
import CLibXML2Darwin
#endif
import Synchronization

/// libxml2 parser contexts kept from one XMP packet to the next. A new context allocates its
/// stacks and a name dictionary that grows as the packet's names are met; each packet of a
/// batch paid for both and for freeing them again (about 3 % of a batch of HEICs). A context
/// is reused only after a parse that ended normally: `xmlCtxtReadMemory` resets it
/// (`xmlCtxtReset`: input, stacks, error state) but keeps its dictionary, which is dropped
/// with the context once it holds more than `maxNames` names, so a batch of files with ever
/// new element names does not grow it without end.
final class XMLParserContexts: Sendable {
    static let shared = XMLParserContexts()

    /// At most this many contexts wait (one per worker of a batch is what is used).
    static let maxKept = 8
    /// A dictionary of more names than this is not kept (Apple's packets use about 100).
    static let maxNames = 4096

    private let kept = Mutex<[Context]>([])

    /// The contexts still waiting are freed with the pool (the shared pool lives as long as
    /// the process; a pool of one's own, as the tests make, does not).
    deinit {
        for c in kept.withLock({ $0 }) { xmlFreeParserCtxt(c.pointer) }
    }

    /// How many contexts wait to be reused.
    var keptCount: Int { kept.withLock { $0.count } }

    /// A parser context that one thread uses at a time (libxml2's contexts are not shared), with
    /// the names its packets met (`XMPNames`, which hold addresses in the context's dictionary).
    struct Context: @unchecked Sendable {
        let pointer: xmlParserCtxtPtr
        let names: XMPNames
    }

    /// A context with its names: a kept one, or a new one with none; nil when libxml2 cannot
    /// allocate one.
    func lease() -> Context? {
        if let c = kept.withLock({ $0.popLast() }) { return c }
        return xmlNewParserCtxt().map { Context(pointer: $0, names: XMPNames()) }
    }

    /// Hands a context back after a parse: kept with its names when the parse ended normally
    /// and its dictionary is small, freed otherwise.
    func giveBack(_ context: Context, reusable: Bool) {
        let ctxt = context.pointer
        if reusable, xmlDictSize(ctxt.pointee.dict) <= Self.maxNames {
            // The packet's SAX handlers point at its element tree; none may outlive the parse.
            ctxt.pointee._private = nil
            let stored = kept.withLock { list -> Bool in
                guard list.count < Self.maxKept else { return false }
                list.append(context)
                return true
            }
            if stored { return }
        }
        xmlFreeParserCtxt(ctxt)
    }
}
