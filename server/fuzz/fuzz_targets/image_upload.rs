//! The image upload check: any bytes are refused with a reason or re-encoded into an image we
//! can read back, no wider than the stored width, with smaller copies that are narrower still.
#![no_main]

use libfuzzer_sys::fuzz_target;
use trailerworks::media::process::{VARIANT_WIDTHS, process};

fuzz_target!(|bytes: &[u8]| {
    let Ok(processed) = process(bytes) else { return };
    let stored = image::load_from_memory(&processed.main).expect("the stored image reads back");
    assert_eq!((stored.width(), stored.height()), (processed.width, processed.height));
    assert!(processed.width <= 2400, "scaled down to the stored width");
    assert!(matches!(processed.extension, "jpg" | "png"));
    for (width, copy) in &processed.variants {
        assert!(VARIANT_WIDTHS.contains(width) && *width < processed.width);
        let copy = image::load_from_memory(copy).expect("a smaller copy reads back");
        assert_eq!(copy.width(), *width);
    }
});
