package org.onepath.cells;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks API whose behaviour is exact and tested but which may change shape or go away in a minor
 * release: it has not yet earned a place in the stable API. Its {@link #value() id} names the
 * feature in the documentation and in release notes, so users can find every use of it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.CONSTRUCTOR, ElementType.FIELD})
public @interface Experimental {
    /**
     * The feature's id, such as {@code "ONEPATH0001"} for improved pruning.
     *
     * @return the feature's id, as the documentation and release notes name it
     */
    String value();
}
