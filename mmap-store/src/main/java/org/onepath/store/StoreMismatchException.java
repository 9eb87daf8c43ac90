package org.onepath.store;

import java.nio.file.Path;

/** A store file whose precomputed table was derived from other inputs (cells, rules or format version) than the ones it is used with. */
public final class StoreMismatchException extends StoreException {
    private static final long serialVersionUID = 1L;

    StoreMismatchException(Path file, String message) {
        super(file, message);
    }
}
