/* test-json-parse.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "protocol/cairn-json-parse.h"
#include "cairn-test-harness.h"

#define MAX_DEPTH 512

static JsonNode *
parse (const char          *text,
       CairnJsonParseError *error,
       gsize               *offset)
{
  return cairn_json_parse_object (text, strlen (text), MAX_DEPTH, error, offset);
}

static JsonNode *
parse_with_json_glib (const char *line,
                      gsize       length)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, line, length, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

/* Each line of @path gives the same tree as json-glib's parser. */
static guint
assert_lines_match_json_glib (const char *path)
{
  g_autofree char *contents = NULL;
  gsize length;
  const char *line, *end, *newline;
  guint lines = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  end = contents + length;
  for (line = contents; line < end; line = newline + 1)
    {
      g_autoptr(JsonNode) ours = NULL;
      g_autoptr(JsonNode) theirs = NULL;
      CairnJsonParseError error;

      if ((newline = memchr (line, '\n', end - line)) == NULL)
        newline = end;
      if (newline == line)
        continue;
      ours = cairn_json_parse_object (line, newline - line, MAX_DEPTH, &error, NULL);
      theirs = parse_with_json_glib (line, newline - line);
      g_assert_cmpint (error, ==, CAIRN_JSON_PARSE_OK);
      g_assert_true (json_node_equal (ours, theirs));
      lines++;
    }
  return lines;
}

/* Every line the real CLI printed, and every line of a session file it
 * wrote, parses to the tree json-glib makes of it. */
static void
test_recorded_lines_match_json_glib (void)
{
  static const char *folders[] = { "", "2.1.330", "history" };
  guint lines = 0;

  for (guint f = 0; f < G_N_ELEMENTS (folders); f++)
    {
      g_autofree char *dir_path = cairn_test_data_path (folders[f]);
      g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
      const char *name;

      g_assert_nonnull (dir);
      while ((name = g_dir_read_name (dir)) != NULL)
        if (g_str_has_suffix (name, ".jsonl"))
          {
            g_autofree char *path = g_build_filename (dir_path, name, NULL);
            lines += assert_lines_match_json_glib (path);
          }
    }
  g_assert_cmpuint (lines, >, 400);
}

static const char *
string_member (JsonNode   *root,
               const char *name)
{
  return json_object_get_string_member (json_node_get_object (root), name);
}

static void
test_escapes_and_unicode (void)
{
  g_autoptr(JsonNode) root = parse ("{\"e\":\"\\\"\\\\\\/\\b\\f\\n\\r\\t\","
                                    "\"u\":\"\\u00e9\\u20AC\","
                                    "\"pair\":\"\\ud83d\\ude00\","
                                    "\"raw\":\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\","
                                    "\"lone\":\"a\\ud800b\\udc00c\","
                                    "\"nul\":\"a\\u0000b\","
                                    "\"\\u006bey\":1}", NULL, NULL);

  g_assert_nonnull (root);
  g_assert_cmpstr (string_member (root, "e"), ==, "\"\\/\b\f\n\r\t");
  g_assert_cmpstr (string_member (root, "u"), ==, "\xc3\xa9\xe2\x82\xac");
  g_assert_cmpstr (string_member (root, "pair"), ==, "\xf0\x9f\x98\x80");
  g_assert_cmpstr (string_member (root, "raw"), ==, "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
  /* what a C string can't hold becomes U+FFFD, the rest stays */
  g_assert_cmpstr (string_member (root, "lone"), ==, "a\xef\xbf\xbd" "b\xef\xbf\xbd" "c");
  g_assert_cmpstr (string_member (root, "nul"), ==, "a\xef\xbf\xbd" "b");
  g_assert_true (json_object_has_member (json_node_get_object (root), "key"));
}

static void
test_values (void)
{
  g_autoptr(JsonNode) root = parse (" \t\r\n{ \"i\" : -42 , \"zero\":0, \"max\":9223372036854775807,"
                                    "\"past\":92233720368547758070, \"d\":-1.5e3, \"f\":0.25,"
                                    "\"t\":true, \"n\":null, \"b\":false, \"a\":[1,[],{}], \"o\":{},"
                                    "\"i\":7 }\n", NULL, NULL);
  JsonObject *object;

  g_assert_nonnull (root);
  object = json_node_get_object (root);
  /* a name given twice keeps its last value, as json-glib does */
  g_assert_cmpint (json_object_get_int_member (object, "i"), ==, 7);
  g_assert_cmpuint (json_object_get_size (object), ==, 11);
  g_assert_cmpint (json_object_get_int_member (object, "zero"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (object, "max"), ==, G_MAXINT64);
  g_assert_cmpint (json_node_get_value_type (json_object_get_member (object, "past")), ==, G_TYPE_DOUBLE);
  g_assert_cmpfloat (json_object_get_double_member (object, "past"), ==, 92233720368547758070.0);
  g_assert_cmpfloat (json_object_get_double_member (object, "d"), ==, -1500.0);
  g_assert_cmpfloat (json_object_get_double_member (object, "f"), ==, 0.25);
  g_assert_true (json_object_get_boolean_member (object, "t"));
  g_assert_false (json_object_get_boolean_member (object, "b"));
  g_assert_true (json_object_get_null_member (object, "n"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "a")), ==, 3);
  g_assert_cmpuint (json_object_get_size (json_object_get_object_member (object, "o")), ==, 0);
}

/* Anything but strict JSON holding one object is refused, with the reason
 * and where. */
static void
test_refused (void)
{
  static const struct {
    const char          *text;
    CairnJsonParseError  error;
    gsize                offset;
  } cases[] = {
    { "", CAIRN_JSON_PARSE_NOT_OBJECT, 0 },
    { "  ", CAIRN_JSON_PARSE_NOT_OBJECT, 2 },
    { "[1]", CAIRN_JSON_PARSE_NOT_OBJECT, 0 },
    { "{}{}", CAIRN_JSON_PARSE_NOT_OBJECT, 2 },
    { "{} x", CAIRN_JSON_PARSE_NOT_OBJECT, 3 },
    { "{", CAIRN_JSON_PARSE_SYNTAX, 1 },
    { "{\"a\"}", CAIRN_JSON_PARSE_SYNTAX, 4 },
    { "{\"a\":1,}", CAIRN_JSON_PARSE_SYNTAX, 7 },
    { "{\"a\":[1,]}", CAIRN_JSON_PARSE_SYNTAX, 8 },
    { "{\"a\":01}", CAIRN_JSON_PARSE_SYNTAX, 6 },
    { "{\"a\":-}", CAIRN_JSON_PARSE_SYNTAX, 6 },
    { "{\"a\":1.}", CAIRN_JSON_PARSE_SYNTAX, 7 },
    { "{\"a\":.5}", CAIRN_JSON_PARSE_SYNTAX, 5 },
    { "{\"a\":1e}", CAIRN_JSON_PARSE_SYNTAX, 7 },
    { "{\"a\":tru}", CAIRN_JSON_PARSE_SYNTAX, 5 },
    { "{\"a\":'x'}", CAIRN_JSON_PARSE_SYNTAX, 5 },
    { "{\"a\":1 /* c */}", CAIRN_JSON_PARSE_SYNTAX, 7 },
    { "{\"a\":\"x\ty\"}", CAIRN_JSON_PARSE_SYNTAX, 7 },
    { "{\"a\":\"\\x\"}", CAIRN_JSON_PARSE_SYNTAX, 7 },
    { "{\"a\":\"\\u12\"}", CAIRN_JSON_PARSE_SYNTAX, 8 },
    { "{\"a\":\"open}", CAIRN_JSON_PARSE_SYNTAX, 11 },
    { "{\"a\":\"\xff\"}", CAIRN_JSON_PARSE_INVALID_UTF8, 6 },
    { "{\"a\":\"\xc0\x80\"}", CAIRN_JSON_PARSE_INVALID_UTF8, 6 },      /* overlong */
    { "{\"a\":\"\xed\xa0\x80\"}", CAIRN_JSON_PARSE_INVALID_UTF8, 6 },  /* a surrogate */
    { "{\"a\":\"\xf4\x90\x80\x80\"}", CAIRN_JSON_PARSE_INVALID_UTF8, 6 }, /* past U+10FFFF */
    { "{\"a\":\"\xe2\x82\"}", CAIRN_JSON_PARSE_INVALID_UTF8, 6 },      /* cut */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CairnJsonParseError error;
      gsize offset;
      g_autoptr(JsonNode) root = parse (cases[i].text, &error, &offset);

      g_test_message ("case %u", i);
      g_assert_null (root);
      g_assert_cmpint (error, ==, cases[i].error);
      g_assert_cmpuint (offset, ==, cases[i].offset);
    }
}

/* The object is level 1; one level more than allowed is refused before
 * the line's end is read (an unclosed line that deep says "too deep"). */
static void
test_depth (void)
{
  g_autoptr(GString) text = g_string_new ("{\"a\":");
  g_autoptr(JsonNode) ok = NULL;
  g_autoptr(JsonNode) deep = NULL;
  CairnJsonParseError error;

  for (guint i = 1; i < MAX_DEPTH; i++)
    g_string_append_c (text, '[');
  for (guint i = 1; i < MAX_DEPTH; i++)
    g_string_append_c (text, ']');
  g_string_append_c (text, '}');
  ok = cairn_json_parse_object (text->str, text->len, MAX_DEPTH, &error, NULL);
  g_assert_nonnull (ok);
  g_assert_cmpint (error, ==, CAIRN_JSON_PARSE_OK);

  g_string_insert_c (text, 5, '[');
  deep = cairn_json_parse_object (text->str, 6 + MAX_DEPTH, MAX_DEPTH, &error, NULL);
  g_assert_null (deep);
  g_assert_cmpint (error, ==, CAIRN_JSON_PARSE_TOO_DEEP);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/json-parse/recorded-lines-match-json-glib", test_recorded_lines_match_json_glib);
  g_test_add_func ("/cairn/json-parse/escapes-and-unicode", test_escapes_and_unicode);
  g_test_add_func ("/cairn/json-parse/values", test_values);
  g_test_add_func ("/cairn/json-parse/refused", test_refused);
  g_test_add_func ("/cairn/json-parse/depth", test_depth);

  return g_test_run ();
}
