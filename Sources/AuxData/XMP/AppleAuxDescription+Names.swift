extension AppleAuxDescription {
    /// Apple's pixel data info property names (`apdi`), read by `AppleAuxDescription` and
    /// written by `AppleAuxXMP`.
    package enum Name {
        static func apdi(_ local: String) -> XMPName { XMPName(XMPNamespace.appleAux, "apdi", local) }
        package static let nativeFormat = apdi("NativeFormat")
        package static let storedFormat = apdi("StoredFormat")
        package static let intMinValue = apdi("IntMinValue")
        package static let intMaxValue = apdi("IntMaxValue")
        package static let floatMinValue = apdi("FloatMinValue")
        package static let floatMaxValue = apdi("FloatMaxValue")
        package static let auxiliaryImageType = apdi("AuxiliaryImageType")
        package static let auxiliaryImageSubType = apdi("AuxiliaryImageSubType")
    }
}
