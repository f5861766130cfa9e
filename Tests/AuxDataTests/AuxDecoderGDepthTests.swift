import Foundation
import Testing
import TestSupport
@testable import AuxData

/// Google Lens Blur: the GDepth PNG in the Extended XMP decodes to the PNG's own samples
/// (Pillow reads the same PNG) and to RangeInverse depths (Google Depthmap metadata:
/// d = Far·Near / (Far − dn·(Far − Near)), dn = v/255).
@Suite struct AuxDecoderGDepthTests {
    static let name = "google-gdepth-lensblur.jpg"

    @Test(.requires(.realFile(name)))
    func rangeInverseDepthsAtPixelsWorkedOutByHand() throws {
        let bytes = try TestData.realBytes(Self.name)
        let photo = try PhotoReader.read(bytes)
        let aux = try #require(photo.auxImages.first { $0.auxType == "GDepth" })
        let image = try AuxDecoder(photo: photo, bytes: bytes).storedImage(aux)
        #expect(image.layout == StoredLayout(width: 768, height: 1024, bitDepth: 8, codec: .png))
        let mapping = ValueMapping.of(aux, in: photo, bitDepth: 8)
        #expect(mapping.source == "GDepth RangeInverse")
        #expect(mapping.unit == .depth)
        // Near 12.423587799072266, Far 390.539306640625 (the file's GDepth:Near/Far).
        // (0,0) = 196: 4851.9116 / (390.5393 − 0.768627·378.1157) = 48.563096 m
        // (384,512) = 189: 43.992662 m; (767,1023) = 80: 17.843457 m
        for (x, y, v, metres) in [(0, 0, 196, 48.56309598716204), (384, 512, 189, 43.99266224264986),
                                  (767, 1023, 80, 17.843456651873353)] {
            #expect(image.sample(x: x, y: y) == v)
            #expect(abs(mapping.value(ofSample: v) - metres) <= 1e-9 * metres)
        }
    }

    @Test(.requires(.realFile(name), .pillowHEIF))
    func samplesEqualThePNGAsPillowDecodesIt() throws {
        let bytes = try TestData.realBytes(Self.name)
        let photo = try PhotoReader.read(bytes)
        let aux = try #require(photo.auxImages.first { $0.auxType == "GDepth" })
        let png = try #require(photo.gdepth?.data)
        let image = try AuxDecoder(photo: photo, bytes: bytes).storedImage(aux)
        let python = try #require(Tools.pyenvPython)
        // The first channel of the RGBA PNG (R = G = B in this file), row by row.
        let r = try Tools.run(python, ["-c", "import sys,io; from PIL import Image; im=Image.open(io.BytesIO(sys.stdin.buffer.read())); sys.stdout.buffer.write(im.getchannel(0).tobytes())"],
                              input: png)
        #expect(r.status == 0)
        #expect(image.samples.map { UInt8($0) } == r.stdout)
    }
}
