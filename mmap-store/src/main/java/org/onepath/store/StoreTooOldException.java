package org.onepath.store;

import java.nio.file.Path;

/** A store file written by a format version older than this code reads; bake it again. */
public final class StoreTooOldException extends StoreException {
    private static final long serialVersionUID = 1L;

    StoreTooOldException(Path file, String message) {
        super(file, message);
    }
}
