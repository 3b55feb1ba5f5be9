package io.wirespeed.jms.jndi;

import java.util.Hashtable;

import javax.naming.Context;
import javax.naming.Name;
import javax.naming.RefAddr;
import javax.naming.Reference;
import javax.naming.spi.ObjectFactory;

import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.destination.JmsQueue;
import io.wirespeed.jms.destination.JmsTopic;

/**
 * Rebuilds Wirespeed destinations and connection factories from the JNDI {@link Reference}s they
 * bind themselves as, for directories that store references rather than serialized objects. They name it by
 * {@link JmsDestination#OBJECT_FACTORY}, so that neither depends on this package.
 */
public class JmsObjectFactory implements ObjectFactory
{
    @Override
    public Object getObjectInstance(
        final Object object, final Name name, final Context context, final Hashtable<?, ?> environment)
    {
        if (!(object instanceof Reference))
        {
            return null;
        }
        final Reference reference = (Reference)object;
        final String className = reference.getClassName();
        if (JmsTopic.class.getName().equals(className))
        {
            return new JmsTopic(address(reference, JmsDestination.NAME_ADDRESS_TYPE));
        }
        if (JmsQueue.class.getName().equals(className))
        {
            return new JmsQueue(address(reference, JmsDestination.NAME_ADDRESS_TYPE));
        }
        if (JmsConnectionFactory.class.getName().equals(className))
        {
            return new JmsConnectionFactory(address(reference, JmsConnectionFactory.URL_ADDRESS_TYPE));
        }
        return null;
    }

    private static String address(final Reference reference, final String type)
    {
        final RefAddr address = reference.get(type);
        if (address == null || address.getContent() == null)
        {
            throw new IllegalArgumentException(
                "JNDI reference for " + reference.getClassName() + " has no '" + type + "' address");
        }
        return address.getContent().toString();
    }
}
