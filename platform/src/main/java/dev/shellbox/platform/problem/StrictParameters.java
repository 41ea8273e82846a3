package dev.shellbox.platform.problem;

import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.ext.ParamConverter;
import jakarta.ws.rs.ext.ParamConverterProvider;
import jakarta.ws.rs.ext.Provider;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.Locale;
import java.util.function.Function;

/**
 * Reads integer and boolean parameters strictly: {@code limit=abc} or {@code recursive=maybe} is a 400 naming the
 * parameter and what it must be, not a 404 (what JAX-RS answers for a query parameter that does not convert) or a
 * silent {@code false} (what {@code Boolean.valueOf} makes of anything but "true").
 */
@Provider
public class StrictParameters implements ParamConverterProvider {
    @Override
    @SuppressWarnings("unchecked")
    public <T> ParamConverter<T> getConverter(Class<T> rawType, Type genericType, Annotation[] annotations) {
        String name = name(annotations);
        if (name == null) {
            return null;
        }
        if (rawType == int.class || rawType == Integer.class) {
            return (ParamConverter<T>) converter(name, "an integer", rawType == int.class ? 0 : null, Integer::valueOf);
        }
        if (rawType == long.class || rawType == Long.class) {
            return (ParamConverter<T>) converter(name, "an integer", rawType == long.class ? 0L : null, Long::valueOf);
        }
        if (rawType == boolean.class || rawType == Boolean.class) {
            return (ParamConverter<T>)
                    converter(name, "true or false", rawType == boolean.class ? false : null, StrictParameters::bool);
        }
        return null;
    }

    private static <V> ParamConverter<V> converter(String name, String expected, V absent, Function<String, V> parse) {
        return new ParamConverter<>() {
            @Override
            public V fromString(String value) {
                if (value == null) {
                    return absent;
                }
                try {
                    return parse.apply(value.trim());
                } catch (IllegalArgumentException e) {
                    throw ProblemException.badParameter(
                            name, expected, name + " must be " + expected + ", not '" + shorten(value) + "'");
                }
            }

            @Override
            public String toString(V value) {
                return String.valueOf(value);
            }
        };
    }

    private static Boolean bool(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(value);
        };
    }

    private static String name(Annotation[] annotations) {
        for (Annotation a : annotations) {
            if (a instanceof QueryParam q) {
                return q.value();
            } else if (a instanceof PathParam p) {
                return p.value();
            } else if (a instanceof HeaderParam h) {
                return h.value();
            } else if (a instanceof FormParam f) {
                return f.value();
            } else if (a instanceof CookieParam c) {
                return c.value();
            }
        }
        return null;
    }

    private static String shorten(String value) {
        return value.length() > 40 ? value.substring(0, 40) + "..." : value;
    }
}
