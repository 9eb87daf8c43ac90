package org.onepath.store;

import java.nio.file.Path;

/** A store file written by a newer format version (or with features this code does not know); use a newer OnePath or bake it again. */
public final class StoreTooNewException extends StoreException {
    private static final long serialVersionUID = 1L;

    StoreTooNewException(Path file, String message) {
        super(file, message);
    }
}
