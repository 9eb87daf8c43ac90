package org.onepath.store;

import java.nio.file.Path;

/** A store file whose bytes fail a check: a checksum, a magic number, or a field outside its range. */
public final class StoreCorruptException extends StoreException {
    private static final long serialVersionUID = 1L;

    StoreCorruptException(Path file, String message) {
        super(file, message);
    }

    StoreCorruptException(Path file, String message, Throwable cause) {
        super(file, message, cause);
    }
}
