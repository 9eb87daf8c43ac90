package org.onepath.store;

import java.nio.file.Path;

/**
 * A store file written by a format version older than this code reads, or holding a section
 * baked by an older version of the rules this code reads it by (the goal bounds); bake it again.
 */
public final class StoreTooOldException extends StoreException {
    private static final long serialVersionUID = 1L;

    StoreTooOldException(Path file, String message) {
        super(file, message);
    }
}
