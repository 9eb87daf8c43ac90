/**
 * Tier 1: results as immutable plain data for drawing and inspection. {@link
 * org.onepath.debug.GridDebug} copies a search's path, waypoints and expanded cells out of the
 * off-heap buffers into records that stay valid after the search or its grid is closed.
 */
package org.onepath.debug;
