@testable import Validator
import Testing

/// One pixel of rounding is allowed at the smaller of the two sizes, whichever is smaller.
@Suite struct AspectToleranceTests {
    @Test func aLargeMapOfASmallPhotoIsJudgedAtThePhotosSize() {
        // 349×434 scaled to a 56-wide photo is 69.6 high: 0.4 of a photo pixel from 70.
        #expect(Aspect.matches(width: 349, height: 434, frameWidth: 56, frameHeight: 70))
        // The other way round, as before: a 768×576 map of a 4032×3024 photo.
        #expect(Aspect.matches(width: 768, height: 576, frameWidth: 4032, frameHeight: 3024))
        #expect(Aspect.matches(width: 16, height: 12, frameWidth: 64, frameHeight: 48))
        // Off by more than a pixel at either size.
        #expect(!Aspect.matches(width: 349, height: 450, frameWidth: 56, frameHeight: 70))
        #expect(!Aspect.matches(width: 16, height: 16, frameWidth: 64, frameHeight: 48))
        #expect(!Aspect.matches(width: 472, height: 352, frameWidth: 2965, frameHeight: 2254))
    }
}
