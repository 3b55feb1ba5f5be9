package io.wirespeed.spring.boot.autoconfigure;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.beans.BeanWrapper;
import org.springframework.beans.BeanWrapperImpl;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

import io.wirespeed.jms.config.ConnectionOption;

/**
 * The {@code wirespeed.jms.*} properties: the connection URI and each option of the provider's table of options
 * ({@link ConnectionOption}) as a property of its own ({@code wirespeed.jms.archive-dir} is the URI option
 * {@code archiveDir}). Each value is the option's text, which the provider's {@code ConnectionConfig.Builder} reads
 * as the URI would, so a property accepts what the option accepts and is refused with the parser's message; an
 * unset property leaves the option to the URL or to the provider's default. Validated when bound.
 */
@ConfigurationProperties(prefix = WirespeedJmsProperties.PREFIX)
public class WirespeedJmsProperties implements Validator
{
    /** The prefix of these properties. */
    public static final String PREFIX = "wirespeed.jms";

    /**
     * Connection URI: the transport and any options; the options set as properties of their own are added to it
     * and win over the same option in it.
     */
    private String url = "wirespeed:ipc";

    /** UDP or RDMA endpoint, host:port: a multicast group, or the receiving host's address for unicast. */
    private String endpoint;

    /** Local interface address for UDP, e.g. 192.168.1.10 (picks the interface of a multicast group). */
    private String networkInterface;

    /** Media driver: embedded (inside this JVM) or external (a driver process already running). */
    private String driver;

    /** Media driver directory. */
    private String aeronDir;

    /** Embedded driver threading: shared, shared-network or dedicated. */
    private String threading;

    /** Idle strategy of the driver, the delivery thread and blocking calls. */
    private String idle;

    /** Profile: low-latency sets idle=busy-spin and threading=dedicated (only with cores to spare). */
    private String profile;

    /** Term length of new publications in bytes: a power of two, 64 KiB to 1 GiB. */
    private String termLength;

    /** Largest UDP frame in bytes. */
    private String mtu;

    /** Milliseconds a send waits out back-pressure before it fails with ResourceAllocationException. */
    private String sendTimeout;

    /** Milliseconds a new publication waits for subscribers to connect before a send treats the topic as unread. */
    private String connectWait;

    /**
     * Milliseconds between a publishing connection's re-advertisements of its topics on each channel's resolution
     * stream; 0 advertises nothing.
     */
    private String resolutionInterval;

    /** Milliseconds the client and the media driver wait for each other's heartbeat. */
    private String driverTimeout;

    /** Messages the queue host may send a queue consumer ahead of its application. */
    private String queuePrefetch;

    /** Milliseconds to wait for the queue host's answer before a JMSException says none is reachable. */
    private String queueHostTimeout;

    /**
     * Milliseconds a connection to a clustered host (host=A:PORT,B:PORT,C:PORT) waits for a leader before sends,
     * commits and queue requests fail with a JMSException and its exception listener is told.
     */
    private String failoverTimeout;

    /** Longest a close waits for UDP subscribers to confirm they hold everything sent: ms, or 500ms, 5s, 1m. */
    private String linger;

    /** First stream id that topic names hash into. */
    private String streamIdBase;

    /** Number of stream ids that topic names hash into. */
    private String streamIdRange;

    /** Most fragments the delivery thread reads per subscription per cycle. */
    private String fragmentLimit;

    /** Whether listeners get one reused message per consumer, valid only inside onMessage (no allocation). */
    private String reuseMessages;

    /** Client id that connections take. */
    private String clientId;

    /**
     * The queue host's ADDRESS:PORT (a driver process's wirespeed.host.endpoint), reached over UDP; unset, the host
     * of the connection's own media driver, over IPC.
     */
    private String host;

    /** User sent to the queue host when the application names none (createConnection()). */
    private String user;

    /** Password sent to the queue host with the user. */
    private String password;

    /**
     * Classes or packages (comma-separated; * for all) a received ObjectMessage may deserialize besides the basics
     * of java.lang, java.math, java.util and java.time.
     */
    private String deserializationAllowList;

    /** Classes or packages (comma-separated) a received ObjectMessage may never deserialize, defaults included. */
    private String deserializationDenyList;

    /** Verbs serving wirespeed:rdma channels: native (the RDMA NIC) or simulated (tests only). */
    private String rdmaVerbs;

    /** Embedded archive: auto (started on first need), on (with the connection; durable queues) or off. */
    private String archive;

    /**
     * Embedded archive directory: recordings and durable subscriptions' positions. Unset, the application's own:
     * ~/.wirespeed/archive/&lt;spring.application.name&gt;-&lt;hash of the working directory&gt;, or the provider's
     * per-application default when spring.application.name is unset.
     */
    private String archiveDir;

    /** Archive segment file length: a power of two, 64k to 1g, at least the term length. */
    private String archiveSegmentLength;

    /** Recorded data older than this is purged: ms, s, m, h or d; 0 keeps it regardless of age. */
    private String archiveRetention;

    /** The oldest segments are purged while all recordings exceed this size; 0 for no limit. */
    private String archiveRetentionSize;

    /** Free space on the archive's disk below which recording stops (PERSISTENT sends to recorded topics fail). */
    private String archiveMinFree;

    /**
     * Channel per destination pattern (first match wins): an exact name, prefix.* (one more segment), prefix.>
     * (one or more) or &gt; (all), to an Aeron channel or wirespeed:rdma?endpoint=host:port. Write patterns with
     * brackets to keep their dots and wildcards: wirespeed.jms.route[prices.&gt;]=aeron:udp?endpoint=...
     */
    private Map<String, String> route = new LinkedHashMap<>();

    /**
     * What happens when a topic consumer cannot keep up: hold (it paces its publishers; nothing is lost) or drop (it
     * falls behind alone, is left behind after slow-consumer-timeout and loses what it missed; its connection's
     * ExceptionListener hears of it).
     */
    private String slowConsumers;

    /** Milliseconds a consumer under the drop policy may stay a full window behind before it is left behind. */
    private String slowConsumerTimeout;

    /**
     * Slow-consumer policy per topic pattern (first match wins; the routes' pattern syntax), over slow-consumers:
     * wirespeed.jms.slow-consumers-for[prices.&gt;]=drop
     */
    private Map<String, String> slowConsumersFor = new LinkedHashMap<>();

    /**
     * The URI options these properties set, by option name, in the order of the table of options
     * ({@link ConnectionOption}), whose every option but the pattern ones is a property of the same name here;
     * routes and slow-consumer patterns apart ({@link #patternOptions()}).
     *
     * @return option name to value, for the properties that are set.
     */
    public Map<String, String> options()
    {
        final BeanWrapper bean = new BeanWrapperImpl(this);
        final Map<String, String> options = new LinkedHashMap<>();
        for (final ConnectionOption option : ConnectionOption.values())
        {
            if (!option.hasPattern())
            {
                final Object value = bean.getPropertyValue(option.optionName());
                if (null != value)
                {
                    options.put(option.optionName(), value.toString());
                }
            }
        }
        return options;
    }

    /**
     * The URI options named with a pattern, by option name ({@code route.<pattern>}, then
     * {@code slowConsumers.<pattern>}), in the order they were given.
     *
     * @return option name to value.
     */
    public Map<String, String> patternOptions()
    {
        final Map<String, String> options = new LinkedHashMap<>();
        route.forEach((pattern, channel) -> options.put(ConnectionOption.ROUTE.prefix() + pattern, channel));
        slowConsumersFor.forEach(
            (pattern, policy) -> options.put(ConnectionOption.SLOW_CONSUMERS_FOR.prefix() + pattern, policy));
        return options;
    }

    /**
     * @param option a name of {@link #patternOptions()}.
     * @return the property that set it: {@code route} or {@code slowConsumersFor}.
     */
    static String patternProperty(final String option)
    {
        return option.startsWith(ConnectionOption.ROUTE.prefix()) ? "route" : "slowConsumersFor";
    }

    /**
     * The name of the property that sets an option: the option's name in kebab case, the pattern options as maps
     * ({@code route[<pattern>]}, {@code slow-consumers-for[<pattern>]}).
     *
     * @param option an option.
     * @return the property's name, without the prefix {@value #PREFIX}.
     */
    public static String propertyName(final ConnectionOption option)
    {
        if (option == ConnectionOption.ROUTE)
        {
            return "route";
        }
        if (option == ConnectionOption.SLOW_CONSUMERS_FOR)
        {
            return "slow-consumers-for";
        }
        final StringBuilder name = new StringBuilder();
        for (final char c : option.optionName().toCharArray())
        {
            if (Character.isUpperCase(c))
            {
                name.append('-').append(Character.toLowerCase(c));
            }
            else
            {
                name.append(c);
            }
        }
        return name.toString();
    }

    @Override
    public boolean supports(final Class<?> type)
    {
        return WirespeedJmsProperties.class.isAssignableFrom(type);
    }

    @Override
    public void validate(final Object target, final Errors errors)
    {
        PropertiesConfig.validate((WirespeedJmsProperties)target, errors);
    }

    /** @return the connection URI the options are added to. */
    public String getUrl()
    {
        return url;
    }

    /** @param url the connection URI the options are added to. */
    public void setUrl(final String url)
    {
        this.url = url;
    }

    /** @return the endpoint option. */
    public String getEndpoint()
    {
        return endpoint;
    }

    /** @param endpoint the endpoint option. */
    public void setEndpoint(final String endpoint)
    {
        this.endpoint = endpoint;
    }

    /** @return the interface option (a Java keyword, hence the field's other name). */
    public String getInterface()
    {
        return networkInterface;
    }

    /** @param networkInterface the interface option: the local interface address for UDP. */
    public void setInterface(final String networkInterface)
    {
        this.networkInterface = networkInterface;
    }

    /** @return the driver option. */
    public String getDriver()
    {
        return driver;
    }

    /** @param driver the driver option. */
    public void setDriver(final String driver)
    {
        this.driver = driver;
    }

    /** @return the aeronDir option. */
    public String getAeronDir()
    {
        return aeronDir;
    }

    /** @param aeronDir the aeronDir option. */
    public void setAeronDir(final String aeronDir)
    {
        this.aeronDir = aeronDir;
    }

    /** @return the threading option. */
    public String getThreading()
    {
        return threading;
    }

    /** @param threading the threading option. */
    public void setThreading(final String threading)
    {
        this.threading = threading;
    }

    /** @return the idle option. */
    public String getIdle()
    {
        return idle;
    }

    /** @param idle the idle option. */
    public void setIdle(final String idle)
    {
        this.idle = idle;
    }

    /** @return the profile option. */
    public String getProfile()
    {
        return profile;
    }

    /** @param profile the profile option. */
    public void setProfile(final String profile)
    {
        this.profile = profile;
    }

    /** @return the termLength option. */
    public String getTermLength()
    {
        return termLength;
    }

    /** @param termLength the termLength option. */
    public void setTermLength(final String termLength)
    {
        this.termLength = termLength;
    }

    /** @return the mtu option. */
    public String getMtu()
    {
        return mtu;
    }

    /** @param mtu the mtu option. */
    public void setMtu(final String mtu)
    {
        this.mtu = mtu;
    }

    /** @return the sendTimeout option. */
    public String getSendTimeout()
    {
        return sendTimeout;
    }

    /** @param sendTimeout the sendTimeout option. */
    public void setSendTimeout(final String sendTimeout)
    {
        this.sendTimeout = sendTimeout;
    }

    /** @return the connectWait option. */
    public String getConnectWait()
    {
        return connectWait;
    }

    /** @param connectWait the connectWait option. */
    public void setConnectWait(final String connectWait)
    {
        this.connectWait = connectWait;
    }

    /** @return the resolutionInterval option. */
    public String getResolutionInterval()
    {
        return resolutionInterval;
    }

    /** @param resolutionInterval the resolutionInterval option. */
    public void setResolutionInterval(final String resolutionInterval)
    {
        this.resolutionInterval = resolutionInterval;
    }

    /** @return the driverTimeout option. */
    public String getDriverTimeout()
    {
        return driverTimeout;
    }

    /** @param driverTimeout the driverTimeout option. */
    public void setDriverTimeout(final String driverTimeout)
    {
        this.driverTimeout = driverTimeout;
    }

    /** @return the queuePrefetch option. */
    public String getQueuePrefetch()
    {
        return queuePrefetch;
    }

    /** @param queuePrefetch the queuePrefetch option. */
    public void setQueuePrefetch(final String queuePrefetch)
    {
        this.queuePrefetch = queuePrefetch;
    }

    /** @return the queueHostTimeout option. */
    public String getQueueHostTimeout()
    {
        return queueHostTimeout;
    }

    /** @param queueHostTimeout the queueHostTimeout option. */
    public void setQueueHostTimeout(final String queueHostTimeout)
    {
        this.queueHostTimeout = queueHostTimeout;
    }

    /** @return the failoverTimeout option. */
    public String getFailoverTimeout()
    {
        return failoverTimeout;
    }

    /** @param failoverTimeout the failoverTimeout option. */
    public void setFailoverTimeout(final String failoverTimeout)
    {
        this.failoverTimeout = failoverTimeout;
    }

    /** @return the linger option. */
    public String getLinger()
    {
        return linger;
    }

    /** @param linger the linger option. */
    public void setLinger(final String linger)
    {
        this.linger = linger;
    }

    /** @return the streamIdBase option. */
    public String getStreamIdBase()
    {
        return streamIdBase;
    }

    /** @param streamIdBase the streamIdBase option. */
    public void setStreamIdBase(final String streamIdBase)
    {
        this.streamIdBase = streamIdBase;
    }

    /** @return the streamIdRange option. */
    public String getStreamIdRange()
    {
        return streamIdRange;
    }

    /** @param streamIdRange the streamIdRange option. */
    public void setStreamIdRange(final String streamIdRange)
    {
        this.streamIdRange = streamIdRange;
    }

    /** @return the fragmentLimit option. */
    public String getFragmentLimit()
    {
        return fragmentLimit;
    }

    /** @param fragmentLimit the fragmentLimit option. */
    public void setFragmentLimit(final String fragmentLimit)
    {
        this.fragmentLimit = fragmentLimit;
    }

    /** @return the reuseMessages option. */
    public String getReuseMessages()
    {
        return reuseMessages;
    }

    /** @param reuseMessages the reuseMessages option. */
    public void setReuseMessages(final String reuseMessages)
    {
        this.reuseMessages = reuseMessages;
    }

    /** @return the host option. */
    public String getHost()
    {
        return host;
    }

    /** @param host the host option. */
    public void setHost(final String host)
    {
        this.host = host;
    }

    /** @return the user option. */
    public String getUser()
    {
        return user;
    }

    /** @param user the user option. */
    public void setUser(final String user)
    {
        this.user = user;
    }

    /** @return the password option. */
    public String getPassword()
    {
        return password;
    }

    /** @param password the password option. */
    public void setPassword(final String password)
    {
        this.password = password;
    }

    /** @return the clientId option. */
    public String getClientId()
    {
        return clientId;
    }

    /** @param clientId the clientId option. */
    public void setClientId(final String clientId)
    {
        this.clientId = clientId;
    }

    /** @return the rdmaVerbs option. */
    public String getRdmaVerbs()
    {
        return rdmaVerbs;
    }

    /** @param rdmaVerbs the rdmaVerbs option. */
    public void setRdmaVerbs(final String rdmaVerbs)
    {
        this.rdmaVerbs = rdmaVerbs;
    }

    /** @return the archive option. */
    public String getArchive()
    {
        return archive;
    }

    /** @param archive the archive option. */
    public void setArchive(final String archive)
    {
        this.archive = archive;
    }

    /** @return the deserializationAllowList option. */
    public String getDeserializationAllowList()
    {
        return deserializationAllowList;
    }

    /** @param deserializationAllowList the deserializationAllowList option. */
    public void setDeserializationAllowList(final String deserializationAllowList)
    {
        this.deserializationAllowList = deserializationAllowList;
    }

    /** @return the deserializationDenyList option. */
    public String getDeserializationDenyList()
    {
        return deserializationDenyList;
    }

    /** @param deserializationDenyList the deserializationDenyList option. */
    public void setDeserializationDenyList(final String deserializationDenyList)
    {
        this.deserializationDenyList = deserializationDenyList;
    }

    /** @return the archiveDir option. */
    public String getArchiveDir()
    {
        return archiveDir;
    }

    /** @param archiveDir the archiveDir option. */
    public void setArchiveDir(final String archiveDir)
    {
        this.archiveDir = archiveDir;
    }

    /** @return the archiveSegmentLength option. */
    public String getArchiveSegmentLength()
    {
        return archiveSegmentLength;
    }

    /** @param archiveSegmentLength the archiveSegmentLength option. */
    public void setArchiveSegmentLength(final String archiveSegmentLength)
    {
        this.archiveSegmentLength = archiveSegmentLength;
    }

    /** @return the archiveRetention option. */
    public String getArchiveRetention()
    {
        return archiveRetention;
    }

    /** @param archiveRetention the archiveRetention option. */
    public void setArchiveRetention(final String archiveRetention)
    {
        this.archiveRetention = archiveRetention;
    }

    /** @return the archiveRetentionSize option. */
    public String getArchiveRetentionSize()
    {
        return archiveRetentionSize;
    }

    /** @param archiveRetentionSize the archiveRetentionSize option. */
    public void setArchiveRetentionSize(final String archiveRetentionSize)
    {
        this.archiveRetentionSize = archiveRetentionSize;
    }

    /** @return the archiveMinFree option. */
    public String getArchiveMinFree()
    {
        return archiveMinFree;
    }

    /** @param archiveMinFree the archiveMinFree option. */
    public void setArchiveMinFree(final String archiveMinFree)
    {
        this.archiveMinFree = archiveMinFree;
    }

    /** @return the slowConsumers option. */
    public String getSlowConsumers()
    {
        return slowConsumers;
    }

    /** @param slowConsumers the slowConsumers option. */
    public void setSlowConsumers(final String slowConsumers)
    {
        this.slowConsumers = slowConsumers;
    }

    /** @return the slowConsumerTimeout option. */
    public String getSlowConsumerTimeout()
    {
        return slowConsumerTimeout;
    }

    /** @param slowConsumerTimeout the slowConsumerTimeout option. */
    public void setSlowConsumerTimeout(final String slowConsumerTimeout)
    {
        this.slowConsumerTimeout = slowConsumerTimeout;
    }

    /** @return the slowConsumers.&lt;pattern&gt; options: topic pattern to policy, in the order they were given. */
    public Map<String, String> getSlowConsumersFor()
    {
        return slowConsumersFor;
    }

    /** @param slowConsumersFor the slowConsumers.&lt;pattern&gt; options: topic pattern to policy. */
    public void setSlowConsumersFor(final Map<String, String> slowConsumersFor)
    {
        this.slowConsumersFor = slowConsumersFor;
    }

    /** @return the route options: destination pattern to channel, in the order they were given. */
    public Map<String, String> getRoute()
    {
        return route;
    }

    /** @param route the route options: destination pattern to channel. */
    public void setRoute(final Map<String, String> route)
    {
        this.route = route;
    }
}
