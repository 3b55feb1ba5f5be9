package io.wirespeed.selector;

import java.nio.charset.StandardCharsets;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A header field or property reference, resolved once at compile time: the header it names, if any, and the
 * UTF-8 bytes of its name for finding a property in an envelope without allocating.
 */
final class Identifier extends Expression
{
    private final String name;
    private final Header header;
    private final UnsafeBuffer utf8Name;

    Identifier(final String name)
    {
        this.name = name;
        this.header = Header.named(name);
        this.utf8Name = new UnsafeBuffer(name.getBytes(StandardCharsets.UTF_8));
    }

    String name()
    {
        return name;
    }

    /**
     * The header this identifier names.
     *
     * @return the header, or null when it names a property.
     */
    Header header()
    {
        return header;
    }

    DirectBuffer utf8Name()
    {
        return utf8Name;
    }

    int utf8NameLength()
    {
        return utf8Name.capacity();
    }

    @Override
    int evaluate(final SelectorSource source, final Operand operand)
    {
        return source.load(this, operand);
    }

    @Override
    Text text(final SelectorSource source, final int handle, final int slot)
    {
        return source.text(this, handle, slot);
    }

    @Override
    StaticType staticType()
    {
        return StaticType.ANY;
    }

    @Override
    public String toString()
    {
        return name;
    }
}
