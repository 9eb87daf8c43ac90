package org.onepath.spark;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The command line of a job's {@code main}: {@code --name value} options, {@code --flag}
 * switches and plain arguments, checked against what the job takes so a typo is one line naming
 * it instead of an option silently ignored.
 */
final class JobArgs {
    private final String job;
    private final Map<String, String> options = new LinkedHashMap<>();
    private final List<String> plain = new ArrayList<>();

    /**
     * @param job      the job's name, for messages
     * @param args     the command line
     * @param valued   options that take a value
     * @param switches options that take none
     * @throws IllegalArgumentException for an unknown option, a missing value or an option given twice
     */
    JobArgs(String job, String[] args, Set<String> valued, Set<String> switches) {
        this.job = job;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--")) {
                plain.add(a);
                continue;
            }
            if (switches.contains(a)) {
                put(a, "true");
            } else if (valued.contains(a)) {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(a + " needs a value");
                }
                put(a, args[++i]);
            } else {
                List<String> known = new ArrayList<>(valued);
                known.addAll(switches);
                throw new IllegalArgumentException(
                        "unknown option " + a + "; expected one of " + String.join(", ", known));
            }
        }
    }

    private void put(String name, String value) {
        if (options.put(name, value) != null) {
            throw new IllegalArgumentException(name + " given twice");
        }
    }

    /** The plain arguments, in order. */
    List<String> plain() {
        return plain;
    }

    /** The value of an option that must be given. */
    String required(String name) {
        String v = options.get(name);
        if (v == null) {
            throw new IllegalArgumentException(name + " is required");
        }
        return v;
    }

    /** The value of an option, or the fallback when it is not given. */
    String get(String name, String fallback) {
        return options.getOrDefault(name, fallback);
    }

    /** Whether a switch was given. */
    boolean has(String name) {
        return options.containsKey(name);
    }

    /** An option's value as an int in [min, max], or the fallback when not given. */
    int intIn(String name, int fallback, int min, int max) {
        String v = options.get(name);
        if (v == null) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(v.strip());
            if (n < min || n > max) {
                throw new IllegalArgumentException(name + " must be in " + min + ".." + max + ", was " + n);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    name + " must be a whole number in " + min + ".." + max + ", was '" + v + "'");
        }
    }

    /** The job's name. */
    String job() {
        return job;
    }
}
