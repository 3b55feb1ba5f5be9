package io.wirespeed.jakarta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The jakarta artifact's POM declares what the javax provider's POM declares, with
 * {@code jakarta.jms:jakarta.jms-api} in place of {@code javax.jms:javax.jms-api}: a dependency added to
 * the provider must be added here too, or users of the jakarta artifact miss it at run time.
 */
class PomDependenciesTest
{
    @Test
    void dependsOnWhatTheJavaxProviderDependsOnWithTheJakartaApiInPlaceOfTheJavaxApi() throws Exception
    {
        final List<String> javax = runtimeDependencies(System.getProperty("wirespeed.javax.pom"));
        final List<String> jakarta = runtimeDependencies(System.getProperty("wirespeed.jakarta.pom"));

        assertTrue(javax.contains("javax.jms:javax.jms-api"), "javax provider: " + javax);
        final List<String> expected = new ArrayList<>(javax);
        expected.replaceAll(d -> d.equals("javax.jms:javax.jms-api") ? "jakarta.jms:jakarta.jms-api" : d);
        assertEquals(expected, jakarta);
        assertFalse(jakarta.contains("io.wirespeed:wirespeed-provider"), "the javax provider is not a dependency");
    }

    /** groupId:artifactId of the POM's own non-test dependencies, in declaration order. */
    private static List<String> runtimeDependencies(final String pom) throws Exception
    {
        final Element project = DocumentBuilderFactory.newInstance().newDocumentBuilder()
            .parse(Path.of(pom).toFile()).getDocumentElement();
        final List<String> result = new ArrayList<>();
        final Element dependencies = child(project, "dependencies");
        if (dependencies == null)
        {
            return result;
        }
        final NodeList nodes = dependencies.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++)
        {
            if (nodes.item(i) instanceof Element dependency && "dependency".equals(dependency.getTagName()))
            {
                final Element scope = child(dependency, "scope");
                if (scope == null || !"test".equals(scope.getTextContent().trim()))
                {
                    result.add(child(dependency, "groupId").getTextContent().trim() + ":" +
                        child(dependency, "artifactId").getTextContent().trim());
                }
            }
        }
        return result;
    }

    private static Element child(final Element parent, final String name)
    {
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling())
        {
            if (node instanceof Element element && name.equals(element.getTagName()))
            {
                return element;
            }
        }
        return null;
    }
}
