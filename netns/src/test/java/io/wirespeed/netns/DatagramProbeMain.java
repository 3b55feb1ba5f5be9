package io.wirespeed.netns;

import java.net.DatagramPacket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.MulticastSocket;
import java.net.NetworkInterface;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * A program run on a host of a test network, with plain JDK sockets: {@code receive PORT [GROUP]} binds the port
 * (and joins the multicast group on the host's link), prints {@code READY}, counts {@code data} datagrams until an
 * {@code end} datagram and prints {@code RECEIVED <count>}; {@code send ADDRESS PORT COUNT [end]} sends
 * {@code count} data datagrams, a millisecond apart (no receive buffer overflows), optionally then {@code end}, and
 * prints {@code SENT <count>}.
 */
public final class DatagramProbeMain
{
    private static final int RECEIVE_TIMEOUT_MS = 30_000;

    private DatagramProbeMain()
    {
    }

    /**
     * Runs one side.
     *
     * @param args the mode and its arguments, as above.
     * @throws Exception if a socket fails; the JVM then exits non-zero.
     */
    public static void main(final String[] args) throws Exception
    {
        if ("receive".equals(args[0]))
        {
            receive(Integer.parseInt(args[1]), args.length > 2 ? args[2] : null);
        }
        else
        {
            send(args[1], Integer.parseInt(args[2]), Integer.parseInt(args[3]), args.length > 4);
        }
    }

    private static void receive(final int port, final String group) throws Exception
    {
        try (MulticastSocket socket = new MulticastSocket(port))
        {
            if (null != group)
            {
                socket.joinGroup(new InetSocketAddress(InetAddress.getByName(group), 0),
                    NetworkInterface.getByName(NamespaceHost.DEVICE));
            }
            socket.setSoTimeout(RECEIVE_TIMEOUT_MS);
            System.out.println("READY");
            final DatagramPacket packet = new DatagramPacket(new byte[256], 256);
            int count = 0;
            while (true)
            {
                try
                {
                    socket.receive(packet);
                }
                catch (final SocketTimeoutException ex)
                {
                    System.out.println("TIMEOUT after " + count);
                    System.exit(1);
                }
                final String text = new String(packet.getData(), 0, packet.getLength(), StandardCharsets.US_ASCII);
                if ("end".equals(text))
                {
                    break;
                }
                count++;
            }
            System.out.println("RECEIVED " + count);
        }
    }

    private static void send(final String address, final int port, final int count, final boolean end)
        throws Exception
    {
        try (MulticastSocket socket = new MulticastSocket())
        {
            final InetAddress destination = InetAddress.getByName(address);
            for (int i = 0; i < count; i++)
            {
                final byte[] data = ("data " + i).getBytes(StandardCharsets.US_ASCII);
                socket.send(new DatagramPacket(data, data.length, destination, port));
                Thread.sleep(1);
            }
            if (end)
            {
                final byte[] data = "end".getBytes(StandardCharsets.US_ASCII);
                socket.send(new DatagramPacket(data, data.length, destination, port));
            }
            System.out.println("SENT " + count);
        }
    }
}
