/* cairn-bench-items.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "cairn-bench-items.h"

#include "transcript/cairn-notice-item.h"
#include "transcript/cairn-result-item.h"
#include "transcript/cairn-text-item.h"
#include "transcript/cairn-tool-call-item.h"

/* What a working session with Claude Code looks like, made up for the
 * benchmarks (bench-ui, bench-pages): prompts, thinking, replies in
 * Markdown with code, tool calls of every kind with their outputs. */

const char *const cairn_bench_prompts[] = {
  "The parser drops the last line when the file has no trailing newline. "
  "Can you find out why and fix it?",
  "Add a test for the streaming case, and make sure the old behaviour is still covered.",
  "Refactor the config loader so it no longer reads the file twice; keep the public API.",
  "Why does `meson test` fail on CI but not locally? The log is in build/meson-logs.",
};

static const char *thoughts[] = {
  "The user reports that the last line is dropped. The reader probably stops at EOF before "
  "flushing the partial buffer. I should read the reader loop first, then check the tests "
  "that cover EOF handling, and only then change anything.",
  "Two call sites read the file: load() and validate(). If validate() takes the parsed tree "
  "instead of the path, the second read goes away without changing the public functions.",
};

const char *const cairn_bench_replies[] = {
  "I'll start by reading the reader loop and the tests around it, to see where the last "
  "line gets lost.",

  "Found it. `read_lines()` only emits a line when it sees `\\n`, so a final line without "
  "one stays in the buffer when the stream ends:\n\n"
  "```c\n"
  "while ((n = read (fd, buf, sizeof buf)) > 0)\n"
  "  {\n"
  "    for (gsize i = 0; i < n; i++)\n"
  "      if (buf[i] == '\\n')\n"
  "        emit_line (self, start, buf + i);\n"
  "  }\n"
  "/* EOF: whatever is left in the buffer is never emitted */\n"
  "```\n\n"
  "The fix is to flush the remainder at EOF. I also want a test for:\n\n"
  "1. a file that ends without a newline;\n"
  "2. an empty file;\n"
  "3. a file that is a single newline.\n\n"
  "Let me make the change.",

  "Done. Here is what changed:\n\n"
  "- **`src/reader.c`**: `read_lines()` flushes the last partial line at EOF.\n"
  "- **`tests/test-reader.c`**: three new cases (no trailing newline, empty file, lone "
  "newline).\n"
  "- The old tests still pass; `meson test` is green.\n\n"
  "One thing to note: `emit_line()` now also runs for an empty last chunk, which is why "
  "the empty-file case checks that *no* line is emitted.",

  "## What I found\n\n"
  "The CI job uses `--buildtype=release`, which defines `G_DISABLE_ASSERT`. "
  "`test_parser_limits` relied on a `g_assert` *side effect* to advance the cursor, "
  "so the loop never ends there.\n\n"
  "> Assertions must never have side effects.\n\n"
  "| Build | Asserts | Result |\n"
  "|---|---|---|\n"
  "| debug | on | pass |\n"
  "| release | off | hang |\n\n"
  "I moved the increment out of the assertion.",
};

static const char *file_lines =
  "#include \"config.h\"\n\n#include <string.h>\n\n#include \"reader.h\"\n\n"
  "struct _Reader\n{\n  GObject  parent_instance;\n  GString *pending;\n  int      fd;\n};\n\n"
  "G_DEFINE_FINAL_TYPE (Reader, reader, G_TYPE_OBJECT)\n\n"
  "static void\nemit_line (Reader     *self,\n           const char *start,\n"
  "           const char *end)\n{\n  g_autofree char *line = g_strndup (start, end - start);\n\n"
  "  g_signal_emit (self, signals[LINE], 0, line);\n}\n";

static const char *test_output =
  "ninja: Entering directory `_build'\n"
  "[1/4] Compiling C object tests/test-reader.p/test-reader.c.o\n"
  "[4/4] Linking target tests/test-reader\n"
  " 1/6 test-reader   OK   0.12s\n"
  " 2/6 test-parser   OK   0.31s\n"
  " 3/6 test-config   OK   0.08s\n\n"
  "Ok: 6\nFail: 0\n";

static JsonNode *json (const char *format,
                       ...) G_GNUC_PRINTF (1, 2);

/* A JSON value from a printf format in which ' stands for " (the
 * arguments are inserted as they are). */
static JsonNode *
json (const char *format,
      ...)
{
  g_autofree char *quoted = g_strdelimit (g_strdup (format), "'", '"');
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  va_list args;
  JsonNode *node;

  va_start (args, format);
  text = g_strdup_vprintf (quoted, args);
  va_end (args);
  if (!(node = json_from_string (text, &error)))
    g_error ("%s: %s", text, error->message);
  return node;
}

/* @text as a JSON string, quotes included. */
static char *
json_quote (const char *text)
{
  g_autoptr(JsonNode) node = json_node_init_string (json_node_alloc (), text);

  return json_to_string (node, FALSE);
}

static CairnItem *
tool_call (const char *cwd,
           const char *name,
           JsonNode   *input,
           JsonNode   *content,
           gboolean    is_error,
           JsonNode   *structured)
{
  static guint n;
  g_autofree char *id = g_strdup_printf ("toolu_bench_%u", n++);
  CairnToolCallItem *call = cairn_tool_call_item_new (id, name, cwd);

  cairn_tool_call_item_set_input (call, json_node_get_object (input));
  cairn_tool_call_item_set_result (call, content, is_error, structured);
  json_node_unref (input);
  json_node_unref (content);
  g_clear_pointer (&structured, json_node_unref);
  return CAIRN_ITEM (call);
}

static char *
number_lines (const char *text,
              guint      *n_lines)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    g_string_append_printf (out, "%u\t%s\n", i + 1, lines[i]);
  *n_lines = g_strv_length (lines);
  return g_string_free (out, FALSE);
}

static CairnItem *
read_call (const char *cwd,
           guint       turn)
{
  g_autofree char *path = g_strdup_printf ("%s/src/reader-%u.c", cwd, turn % 7);
  g_autofree char *content = json_quote (file_lines);
  guint n = 0;
  g_autofree char *numbered = number_lines (file_lines, &n);
  g_autofree char *output = json_quote (numbered);

  return tool_call (cwd, "Read", json ("{'file_path':'%s'}", path),
                    json ("%s", output), FALSE,
                    json ("{'type':'text','file':{'filePath':'%s','content':%s,"
                          "'numLines':%u,'startLine':1,'totalLines':%u}}",
                          path, content, n, n));
}

static CairnItem *
bash_call (const char *cwd,
           guint       turn)
{
  g_autofree char *output = json_quote (test_output);

  return tool_call (cwd, "Bash",
                    json ("{'command':'meson test -C _build --print-errorlogs',"
                          "'description':'Run the test suite'}"),
                    json ("%s", output), turn % 9 == 4,
                    json ("{'stdout':%s,'stderr':'','interrupted':false,"
                          "'isImage':false,'noOutputExpected':false}", output));
}

static CairnItem *
grep_call (const char *cwd,
           guint       turn)
{
  return tool_call (cwd, "Grep",
                    json ("{'pattern':'emit_line','path':'%s/src','output_mode':'content'}",
                          cwd),
                    json ("'src/reader.c:17:emit_line (Reader *self,\\n"
                          "src/reader.c:41:  emit_line (self, start, end);\\n"
                          "src/reader.h:12:void emit_line (Reader *self);'"),
                    FALSE, NULL);
}

static CairnItem *
edit_call (const char *cwd,
           guint       turn)
{
  g_autofree char *path = g_strdup_printf ("%s/src/reader-%u.c", cwd, turn % 7);

  return tool_call (cwd, "Edit",
                    json ("{'file_path':'%s','old_string':'  }\\n  return TRUE;',"
                          "'new_string':'  }\\n  if (self->pending->len > 0)\\n"
                          "    emit_line (self, self->pending->str, end);\\n  return TRUE;'}",
                          path),
                    json ("'The file %s has been updated successfully.'", path), FALSE,
                    json ("{'filePath':'%s','oldString':'  }\\n  return TRUE;',"
                          "'structuredPatch':[{'oldStart':40,'oldLines':4,'newStart':40,"
                          "'newLines':6,'lines':['       emit_line (self, start, buf + i);',"
                          "'   }','+  if (self->pending->len > 0)',"
                          "'+    emit_line (self, self->pending->str, end);',"
                          "'   return TRUE;',' }']}],'userModified':false}", path));
}

static CairnItem *
write_call (const char *cwd,
            guint       turn)
{
  g_autofree char *path = g_strdup_printf ("%s/tests/test-reader-%u.c", cwd, turn);
  g_autofree char *content = json_quote (file_lines);

  return tool_call (cwd, "Write",
                    json ("{'file_path':'%s','content':%s}", path, content),
                    json ("'File created successfully at: %s'", path), FALSE,
                    json ("{'type':'create','filePath':'%s','content':%s,"
                          "'structuredPatch':[],'originalFile':null}", path, content));
}

static CairnItem *
web_call (const char *cwd,
          guint       turn)
{
  return tool_call (cwd, "WebFetch",
                    json ("{'url':'https://docs.gtk.org/glib/func.utf8_validate.html',"
                          "'prompt':'What does it return for a truncated sequence?'}"),
                    json ("'It returns FALSE and sets end to the start of the invalid "
                          "sequence.'"),
                    FALSE, NULL);
}

CairnItem *
cairn_bench_text_item (CairnItemKind  kind,
                       const char    *text)
{
  return CAIRN_ITEM (cairn_text_item_new (kind, text));
}

static CairnItem *
result_item (guint turn)
{
  CairnTurnFigures figures = { 0 };

  figures.duration_ms = 12000 + turn * 37;
  figures.input_tokens = 18000 + turn * 120;
  figures.output_tokens = 900 + turn;
  figures.cost_usd = 0.042;
  return CAIRN_ITEM (cairn_result_item_new (&figures));
}

static CairnItem *
retry_notice (void)
{
  return CAIRN_ITEM (cairn_notice_item_new (CAIRN_NOTICE_WARNING,
                                            "Retrying the request (attempt 1 of 10)",
                                            "The API answered 529 (overloaded)"));
}

/* One turn: 12 items of every kind the transcript shows. */
static void
add_turn (GPtrArray  *items,
          const char *cwd,
          guint       turn)
{
  g_ptr_array_add (items, cairn_bench_text_item (CAIRN_ITEM_KIND_USER,
                                                 cairn_bench_prompts[turn % G_N_ELEMENTS (cairn_bench_prompts)]));
  g_ptr_array_add (items, cairn_bench_text_item (CAIRN_ITEM_KIND_THINKING, thoughts[turn % 2]));
  g_ptr_array_add (items, cairn_bench_text_item (CAIRN_ITEM_KIND_ASSISTANT, cairn_bench_replies[0]));
  g_ptr_array_add (items, read_call (cwd, turn));
  g_ptr_array_add (items, grep_call (cwd, turn));
  g_ptr_array_add (items, cairn_bench_text_item (CAIRN_ITEM_KIND_ASSISTANT, cairn_bench_replies[1]));
  g_ptr_array_add (items, edit_call (cwd, turn));
  g_ptr_array_add (items, write_call (cwd, turn));
  g_ptr_array_add (items, bash_call (cwd, turn));
  g_ptr_array_add (items, turn % 5 == 0 ? web_call (cwd, turn) : retry_notice ());
  g_ptr_array_add (items, cairn_bench_text_item (CAIRN_ITEM_KIND_ASSISTANT, cairn_bench_replies[turn % 2 ? 2 : 3]));
  g_ptr_array_add (items, result_item (turn));
}

const char *const cairn_bench_kind_names[] = {
  [CAIRN_ITEM_KIND_USER] = "user",
  [CAIRN_ITEM_KIND_ASSISTANT] = "assistant",
  [CAIRN_ITEM_KIND_THINKING] = "thinking",
  [CAIRN_ITEM_KIND_TOOL_CALL] = "tool",
  [CAIRN_ITEM_KIND_RESULT] = "result",
  [CAIRN_ITEM_KIND_NOTICE] = "notice",
  [CAIRN_ITEM_KIND_RAW] = "raw",
};

/* Whether @item is of one of @kinds ("tool,assistant"; NULL: any). */
static gboolean
kind_wanted (CairnItem  *item,
             const char *kinds)
{
  g_auto(GStrv) wanted = kinds ? g_strsplit (kinds, ",", -1) : NULL;

  return wanted == NULL || g_strv_contains ((const char * const *)wanted,
                                            cairn_bench_kind_names[cairn_item_get_kind (item)]);
}

/* @n items of @kinds, turn after turn. */
GPtrArray *
cairn_bench_build_items (const char *cwd,
             const char *kinds,
             guint       n)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) turn_items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint turn = 0; items->len < n && turn < 100 * n; turn++)
    {
      g_ptr_array_set_size (turn_items, 0);
      add_turn (turn_items, cwd, turn);
      for (guint i = 0; i < turn_items->len; i++)
        if (kind_wanted (turn_items->pdata[i], kinds))
          g_ptr_array_add (items, g_object_ref (turn_items->pdata[i]));
    }
  g_ptr_array_set_size (items, MIN (items->len, n));
  return items;
}

/* The @i-th item of @kind, as add_turn() makes them. */
CairnItem *
cairn_bench_make_item (CairnItemKind  kind,
           const char    *cwd,
           guint          i)
{
  static CairnItem *(*tools[]) (const char *, guint) = {
    read_call, grep_call, edit_call, write_call, bash_call, web_call,
  };

  switch ((int)kind)
    {
    case CAIRN_ITEM_KIND_USER:
      return cairn_bench_text_item (kind, cairn_bench_prompts[i % G_N_ELEMENTS (cairn_bench_prompts)]);
    case CAIRN_ITEM_KIND_ASSISTANT:
      return cairn_bench_text_item (kind, cairn_bench_replies[i % G_N_ELEMENTS (cairn_bench_replies)]);
    case CAIRN_ITEM_KIND_THINKING:
      return cairn_bench_text_item (kind, thoughts[i % G_N_ELEMENTS (thoughts)]);
    case CAIRN_ITEM_KIND_TOOL_CALL:
      return tools[i % G_N_ELEMENTS (tools)] (cwd, i);
    case CAIRN_ITEM_KIND_RESULT:
      return result_item (i);
    default:
      return retry_notice ();
    }
}
