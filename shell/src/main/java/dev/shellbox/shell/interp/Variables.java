package dev.shellbox.shell.interp;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The variable scopes of one shell process: the global frame, one frame per function call (its locals) and frames of
 * temporary bindings ({@code x=1 builtin}). Lookup is dynamic, from the innermost frame out, as in bash.
 */
final class Variables {

    /** One scope. */
    static final class Frame {
        final HashMap<String, Variable> vars;
        /** A function's frame ({@code local} declares here); otherwise the global frame or temporary bindings. */
        final boolean function;

        Frame(boolean function) {
            this(function, new HashMap<>());
        }

        Frame(boolean function, HashMap<String, Variable> vars) {
            this.function = function;
            this.vars = vars;
        }

        Frame copy() {
            HashMap<String, Variable> c = new HashMap<>(vars.size() * 2);
            for (Map.Entry<String, Variable> e : vars.entrySet()) {
                c.put(e.getKey(), e.getValue().copy());
            }
            return new Frame(function, c);
        }
    }

    private final ArrayList<Frame> frames = new ArrayList<>();

    Variables() {
        frames.add(new Frame(false));
    }

    private Variables(ArrayList<Frame> copy) {
        frames.addAll(copy);
    }

    Variables copy() {
        ArrayList<Frame> c = new ArrayList<>(frames.size());
        for (Frame f : frames) {
            c.add(f.copy());
        }
        return new Variables(c);
    }

    Variable get(String name) {
        for (int i = frames.size() - 1; i >= 0; i--) {
            Variable v = frames.get(i).vars.get(name);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    /** The frame index holding {@code name}, or -1. */
    int frameIndexOf(String name) {
        for (int i = frames.size() - 1; i >= 0; i--) {
            if (frames.get(i).vars.containsKey(name)) {
                return i;
            }
        }
        return -1;
    }

    Frame global() {
        return frames.get(0);
    }

    Frame top() {
        return frames.get(frames.size() - 1);
    }

    /** The innermost function frame, or the global frame outside functions. */
    Frame localFrame() {
        for (int i = frames.size() - 1; i > 0; i--) {
            if (frames.get(i).function) {
                return frames.get(i);
            }
        }
        return frames.get(0);
    }

    int localFrameIndex() {
        for (int i = frames.size() - 1; i > 0; i--) {
            if (frames.get(i).function) {
                return i;
            }
        }
        return 0;
    }

    boolean inFunction() {
        for (int i = frames.size() - 1; i > 0; i--) {
            if (frames.get(i).function) {
                return true;
            }
        }
        return false;
    }

    Frame frame(int index) {
        return frames.get(index);
    }

    int depth() {
        return frames.size();
    }

    void push(Frame f) {
        frames.add(f);
    }

    void pop() {
        if (frames.size() > 1) {
            frames.remove(frames.size() - 1);
        }
    }

    /** Removes the innermost binding of {@code name}; returns it (or null). */
    Variable removeInnermost(String name) {
        for (int i = frames.size() - 1; i >= 0; i--) {
            Variable v = frames.get(i).vars.remove(name);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    /** Every visible variable name, sorted. */
    List<String> names() {
        TreeSet<String> names = new TreeSet<>();
        for (Frame f : frames) {
            for (Map.Entry<String, Variable> e : f.vars.entrySet()) {
                names.add(e.getKey());
            }
        }
        return new ArrayList<>(names);
    }

    /** The visible variable for each name (innermost wins), sorted by name. */
    Map<String, Variable> visible() {
        Map<String, Variable> out = new java.util.TreeMap<>();
        for (Frame f : frames) {
            out.putAll(f.vars);
        }
        return out;
    }
}
