package io.wirespeed.jms.message;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Which classes a received ObjectMessage body may deserialize: the basics of {@code java.lang}, {@code java.math},
 * {@code java.util}, {@code java.util.concurrent} and {@code java.time}, plus what the application allows by the URI
 * option {@value #ALLOW_LIST_OPTION} or the system property {@value #ALLOW_LIST_PROPERTY}, less what it denies by
 * {@value #DENY_LIST_OPTION} or {@value #DENY_LIST_PROPERTY} (the deny-list wins). An entry is a class name, a package
 * name (its classes and those of its sub-packages) or {@code *} (everything). Immutable.
 */
public final class DeserializationPolicy
{
    /** The URI option that allows more classes, as in Artemis. */
    public static final String ALLOW_LIST_OPTION = "deserializationAllowList";
    /** The URI option that denies classes, the allowed defaults included. */
    public static final String DENY_LIST_OPTION = "deserializationDenyList";
    /** The system property that allows more classes in every connection of the JVM. */
    public static final String ALLOW_LIST_PROPERTY = "wirespeed.deserialization.allowList";
    /** The system property that denies classes in every connection of the JVM. */
    public static final String DENY_LIST_PROPERTY = "wirespeed.deserialization.denyList";
    /** Deepest nesting of objects a body may have. */
    public static final int MAX_DEPTH = 100;
    /** Most objects (and back-references) a body may create. */
    public static final int MAX_REFERENCES = 1_000_000;
    /** Largest serialized body deserialized, in bytes. */
    public static final int MAX_BYTES = 64 * 1024 * 1024;

    private static final List<String> DEFAULT_PACKAGES = List.of(
        "java.lang", "java.math", "java.util", "java.util.concurrent");
    private static final List<String> DEFAULT_TREES = List.of("java.time");

    private final List<String> allowed;
    private final List<String> denied;

    private DeserializationPolicy(final List<String> allowed, final List<String> denied)
    {
        this.allowed = Collections.unmodifiableList(allowed);
        this.denied = Collections.unmodifiableList(denied);
    }

    /**
     * The policy of a connection: the defaults, the system properties and the URI's lists together.
     *
     * @param allowList the URI's comma-separated allow-list, or null.
     * @param denyList the URI's comma-separated deny-list, or null.
     * @return the policy.
     */
    public static DeserializationPolicy of(final String allowList, final String denyList)
    {
        final List<String> allowed = new ArrayList<>();
        final List<String> denied = new ArrayList<>();
        addEntries(allowed, System.getProperty(ALLOW_LIST_PROPERTY));
        addEntries(allowed, allowList);
        addEntries(denied, System.getProperty(DENY_LIST_PROPERTY));
        addEntries(denied, denyList);
        return new DeserializationPolicy(allowed, denied);
    }

    /**
     * The policy of a message no connection configured: the defaults and the system properties.
     *
     * @return the policy.
     */
    public static DeserializationPolicy fromSystemProperties()
    {
        return of(null, null);
    }

    /**
     * Checks one allow- or deny-list as the URI option gives it.
     *
     * @param list comma-separated class names, package names or {@code *}.
     * @return null when well formed, otherwise what is wrong with it.
     */
    public static String problemWith(final String list)
    {
        for (final String entry : list.split(","))
        {
            final String name = entry.trim();
            if (!name.equals("*") && !isQualifiedName(name))
            {
                return "'" + name + "' is not a class name, a package name or *";
            }
        }
        return null;
    }

    /**
     * Whether a class may be deserialized from a received body; an array is judged by its element type.
     *
     * @param className the class name as {@link Class#getName()} gives it (arrays as {@code [Lname;}).
     * @return true when allowed and not denied.
     */
    public boolean allows(final String className)
    {
        final String name = elementName(className);
        if (null == name)
        {
            return true;
        }
        return !matchesAny(denied, name) && (isDefault(name) || matchesAny(allowed, name));
    }

    /**
     * Whether a class is refused by the deny-list, as opposed to merely not allowed.
     *
     * @param className the class name.
     * @return true when an entry of the deny-list matches it.
     */
    public boolean denies(final String className)
    {
        final String name = elementName(className);
        return null != name && matchesAny(denied, name);
    }

    /**
     * What to tell the user whose body holds a refused class.
     *
     * @param className the refused class.
     * @return the sentence naming the class and the setting that would allow it.
     */
    public String refusal(final String className)
    {
        final String name = null == elementName(className) ? className : elementName(className);
        if (denies(className))
        {
            return "ObjectMessage refused to deserialize its body: it holds a " + name + ", which the " +
                "deserialization deny-list refuses (URI option " + DENY_LIST_OPTION + " or system property " +
                DENY_LIST_PROPERTY + "); remove it there to allow it";
        }
        return "ObjectMessage refused to deserialize its body: it holds a " + name + ", which is not on the " +
            "deserialization allow-list; if the sender is trusted, allow the class or its package with the URI " +
            "option " + ALLOW_LIST_OPTION + "=" + name + " or the system property " + ALLOW_LIST_PROPERTY + "=" + name +
            " (see docs/security.md)";
    }

    @Override
    public String toString()
    {
        return "DeserializationPolicy{allowed=" + allowed + ", denied=" + denied + "}";
    }

    private static String elementName(final String className)
    {
        int dims = 0;
        while (dims < className.length() && className.charAt(dims) == '[')
        {
            dims++;
        }
        if (dims == 0)
        {
            return className;
        }
        if (className.charAt(dims) == 'L' && className.endsWith(";"))
        {
            return className.substring(dims + 1, className.length() - 1);
        }
        return null;
    }

    private static boolean isDefault(final String name)
    {
        final int lastDot = name.lastIndexOf('.');
        final String packageName = lastDot < 0 ? "" : name.substring(0, lastDot);
        if (DEFAULT_PACKAGES.contains(packageName))
        {
            return true;
        }
        for (final String tree : DEFAULT_TREES)
        {
            if (packageName.equals(tree) || packageName.startsWith(tree + "."))
            {
                return true;
            }
        }
        return false;
    }

    private static boolean matchesAny(final List<String> entries, final String name)
    {
        for (final String entry : entries)
        {
            if (entry.equals("*") || name.equals(entry) ||
                name.startsWith(entry) && name.length() > entry.length() && name.charAt(entry.length()) == '.')
            {
                return true;
            }
        }
        return false;
    }

    private static void addEntries(final List<String> entries, final String list)
    {
        if (null == list || list.isBlank())
        {
            return;
        }
        final String problem = problemWith(list);
        if (null != problem)
        {
            throw new IllegalArgumentException("deserialization list '" + list + "': " + problem);
        }
        for (final String entry : list.split(","))
        {
            entries.add(entry.trim());
        }
    }

    private static boolean isQualifiedName(final String name)
    {
        if (name.isEmpty())
        {
            return false;
        }
        for (final String part : name.split("\\.", -1))
        {
            if (part.isEmpty() || !Character.isJavaIdentifierStart(part.charAt(0)))
            {
                return false;
            }
            for (int i = 1; i < part.length(); i++)
            {
                if (!Character.isJavaIdentifierPart(part.charAt(i)))
                {
                    return false;
                }
            }
        }
        return true;
    }
}
