/* cairn-json-parse.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-json"

#include "config.h"

#include <errno.h>
#include <string.h>

#include "protocol/cairn-json-parse.h"

/* One line of JSON into json-glib's tree, in one pass.
 *
 * Why not json_parser_load_from_data(): its scanner reads a character at a
 * time through GScanner's machinery, and a line first had to be scanned
 * once more for its depth (json-glib parses by recursion) and for being
 * one object (json-glib 1.6 leaks the values of "[][]"). Here one pass
 * checks depth, syntax and UTF-8 and builds the same JsonNode tree, which
 * everything after it reads; bench-core has the figures.
 *
 * It takes strict JSON (RFC 8259), as the CLI prints it: no comments, no
 * single quotes, no trailing commas. Two things a C string can't hold are
 * replaced by U+FFFD rather than refused, so a tool output with them still
 * shows: "\u0000" (it would cut the string) and a surrogate escape without
 * its other half (it has no UTF-8). */

/* Where strings are unescaped: on the stack until a line needs more. A
 * member's name stays in it while its value is parsed, so it works as a
 * stack (kept as offsets, as the buffer may move). */
typedef struct
{
  char  *data;
  gsize  length;
  gsize  size;
  char   on_stack[1024];
} Scratch;

static void
scratch_reserve (Scratch *scratch,
                 gsize    more)
{
  gsize needed = scratch->length + more + 1;  /* and the NUL */

  if (needed <= scratch->size)
    return;
  scratch->size = MAX (needed, scratch->size * 2);
  if (scratch->data == scratch->on_stack)
    scratch->data = memcpy (g_malloc (scratch->size), scratch->on_stack, scratch->length);
  else
    scratch->data = g_realloc (scratch->data, scratch->size);
}

static inline void
scratch_append (Scratch    *scratch,
                const void *bytes,
                gsize       length)
{
  scratch_reserve (scratch, length);
  memcpy (scratch->data + scratch->length, bytes, length);
  scratch->length += length;
  scratch->data[scratch->length] = '\0';
}

static void
scratch_append_unichar (Scratch  *scratch,
                        gunichar  c)
{
  char utf8[6];

  scratch_append (scratch, utf8, g_unichar_to_utf8 (c, utf8));
}

typedef struct
{
  const guchar *start;
  const guchar *p;
  const guchar *end;
  guint         depth;
  guint         max_depth;
  Scratch       scratch;
  CairnJsonParseError error;
  gsize         error_offset;
} Reader;

static JsonNode *read_value (Reader *reader);

static gboolean fail (Reader *reader, CairnJsonParseError error);

static JsonNode *
fail_node (Reader              *reader,
           CairnJsonParseError  error)
{
  fail (reader, error);
  return NULL;
}

static gboolean
fail (Reader              *reader,
      CairnJsonParseError  error)
{
  if (reader->error == CAIRN_JSON_PARSE_OK)
    {
      reader->error = error;
      reader->error_offset = reader->p - reader->start;
    }
  return FALSE;
}

static inline void
skip_blanks (Reader *reader)
{
  while (reader->p < reader->end &&
         (*reader->p == ' ' || *reader->p == '\n' || *reader->p == '\r' || *reader->p == '\t'))
    reader->p++;
}

/* The length of the UTF-8 sequence at @p, or 0 when it is not one (RFC
 * 3629: no overlong forms, no surrogates, nothing past U+10FFFF). */
static gsize
utf8_sequence_length (const guchar *p,
                      const guchar *end)
{
  guchar lead = p[0];
  gsize length;
  guchar low = 0x80, high = 0xBF;

  if (lead >= 0xC2 && lead <= 0xDF)
    length = 2;
  else if (lead >= 0xE0 && lead <= 0xEF)
    {
      length = 3;
      if (lead == 0xE0)
        low = 0xA0;
      else if (lead == 0xED)
        high = 0x9F;
    }
  else if (lead >= 0xF0 && lead <= 0xF4)
    {
      length = 4;
      if (lead == 0xF0)
        low = 0x90;
      else if (lead == 0xF4)
        high = 0x8F;
    }
  else
    return 0;
  if ((gsize)(end - p) < length || p[1] < low || p[1] > high)
    return 0;
  for (gsize i = 2; i < length; i++)
    if ((p[i] & 0xC0) != 0x80)
      return 0;
  return length;
}

static gint
hex4 (const guchar *p,
      const guchar *end)
{
  gint value = 0;

  if (end - p < 4)
    return -1;
  for (guint i = 0; i < 4; i++)
    {
      gint digit = g_ascii_xdigit_value (p[i]);
      if (digit < 0)
        return -1;
      value = value * 16 + digit;
    }
  return value;
}

/* After "\u": the character of the escape (and of a second one, when the
 * two make a surrogate pair). */
static gboolean
read_unicode_escape (Reader   *reader,
                     gunichar *out)
{
  gint value = hex4 (reader->p, reader->end);
  gint low;

  if (value < 0)
    return fail (reader, CAIRN_JSON_PARSE_SYNTAX);
  reader->p += 4;
  if (value >= 0xD800 && value <= 0xDBFF && reader->end - reader->p >= 6 &&
      reader->p[0] == '\\' && reader->p[1] == 'u' &&
      (low = hex4 (reader->p + 2, reader->end)) >= 0xDC00 && low <= 0xDFFF)
    {
      reader->p += 6;
      *out = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00);
    }
  else if (value == 0 || (value >= 0xD800 && value <= 0xDFFF))
    *out = 0xFFFD;
  else
    *out = value;
  return TRUE;
}

static gboolean
read_escape (Reader *reader)
{
  gunichar c;
  char meant;

  if (reader->p >= reader->end)
    return fail (reader, CAIRN_JSON_PARSE_SYNTAX);
  if (*reader->p == 'u')
    {
      reader->p++;
      if (!read_unicode_escape (reader, &c))
        return FALSE;
      scratch_append_unichar (&reader->scratch, c);
      return TRUE;
    }
  switch (*reader->p)
    {
    case '"': case '\\': case '/':
      meant = *reader->p;
      break;
    case 'b': meant = '\b'; break;
    case 'f': meant = '\f'; break;
    case 'n': meant = '\n'; break;
    case 'r': meant = '\r'; break;
    case 't': meant = '\t'; break;
    default:
      return fail (reader, CAIRN_JSON_PARSE_SYNTAX);
    }
  scratch_append (&reader->scratch, &meant, 1);
  reader->p++;
  return TRUE;
}

#define ONES  G_GUINT64_CONSTANT (0x0101010101010101)
#define HIGHS G_GUINT64_CONSTANT (0x8080808080808080)

/* Whether a byte of @word is zero (the classic bit trick). */
static inline guint64
has_zero_byte (guint64 word)
{
  return (word - ONES) & ~word & HIGHS;
}

/* Past the bytes from @p that need nothing done: printable ASCII but the
 * quote and the backslash. Eight at a time, as most strings are long runs
 * of them (a 400 KB tool output is 14% of opening a conversation else). */
static inline const guchar *
skip_plain_ascii (const guchar *p,
                  const guchar *end)
{
  while (end - p >= 8)
    {
      guint64 word;

      memcpy (&word, p, 8);
      /* a byte >= 0x80, '"', '\\' or < 0x20 (exact once no byte is
       * >= 0x80) ends the run */
      if ((word & HIGHS) || has_zero_byte (word ^ (ONES * '"')) ||
          has_zero_byte (word ^ (ONES * '\\')) || ((word - ONES * 0x20) & ~word & HIGHS))
        break;
      p += 8;
    }
  while (p < end && *p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\')
    p++;
  return p;
}

/* At the opening quote: appends the string's text to the scratch buffer
 * (NUL-terminated there). */
static gboolean
read_string (Reader *reader)
{
  const guchar *end = reader->end;

  reader->p++;
  for (;;)
    {
      const guchar *run = reader->p;

      /* the common case: a run of plain ASCII, copied at once */
      reader->p = skip_plain_ascii (reader->p, end);
      scratch_append (&reader->scratch, run, reader->p - run);
      if (reader->p >= end)
        return fail (reader, CAIRN_JSON_PARSE_SYNTAX);
      if (*reader->p == '"')
        {
          reader->p++;
          return TRUE;
        }
      if (*reader->p == '\\')
        {
          reader->p++;
          if (!read_escape (reader))
            return FALSE;
        }
      else if (*reader->p >= 0x80)
        {
          gsize length = utf8_sequence_length (reader->p, end);

          if (length == 0)
            return fail (reader, CAIRN_JSON_PARSE_INVALID_UTF8);
          scratch_append (&reader->scratch, reader->p, length);
          reader->p += length;
        }
      else
        return fail (reader, CAIRN_JSON_PARSE_SYNTAX);  /* a raw control character */
    }
}

static JsonNode *
read_string_node (Reader *reader)
{
  gsize mark = reader->scratch.length;
  JsonNode *node = NULL;

  if (read_string (reader))
    {
      node = json_node_alloc ();
      json_node_init_string (node, reader->scratch.data + mark);
    }
  reader->scratch.length = mark;
  return node;
}

static gboolean
skip_digits (Reader *reader)
{
  const guchar *first = reader->p;

  while (reader->p < reader->end && g_ascii_isdigit (*reader->p))
    reader->p++;
  return reader->p > first;
}

/* -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? as json-glib holds it:
 * an integer as gint64, anything else (or an integer past gint64) as a
 * double. */
static JsonNode *
read_number (Reader *reader)
{
  const guchar *first = reader->p;
  gboolean integer = TRUE;
  g_autofree char *text = NULL;
  JsonNode *node;
  gint64 value = 0;
  guint digits;

  if (*reader->p == '-')
    reader->p++;
  if (reader->p < reader->end && *reader->p == '0')
    reader->p++;
  else if (!skip_digits (reader))
    return fail_node (reader, CAIRN_JSON_PARSE_SYNTAX);
  digits = reader->p - first - (*first == '-');
  if (reader->p < reader->end && *reader->p == '.')
    {
      reader->p++;
      integer = FALSE;
      if (!skip_digits (reader))
        return fail_node (reader, CAIRN_JSON_PARSE_SYNTAX);
    }
  if (reader->p < reader->end && (*reader->p == 'e' || *reader->p == 'E'))
    {
      reader->p++;
      integer = FALSE;
      if (reader->p < reader->end && (*reader->p == '+' || *reader->p == '-'))
        reader->p++;
      if (!skip_digits (reader))
        return fail_node (reader, CAIRN_JSON_PARSE_SYNTAX);
    }
  node = json_node_alloc ();
  /* 18 digits always fit: no overflow to check */
  if (integer && digits <= 18)
    {
      for (const guchar *d = first + (*first == '-'); d < reader->p; d++)
        value = value * 10 + (*d - '0');
      return json_node_init_int (node, *first == '-' ? -value : value);
    }
  text = g_strndup ((const char *)first, reader->p - first);
  if (integer)
    {
      char *rest;
      errno = 0;
      value = g_ascii_strtoll (text, &rest, 10);
      if (errno == 0)
        return json_node_init_int (node, value);
    }
  return json_node_init_double (node, g_ascii_strtod (text, NULL));
}

static JsonNode *
read_word (Reader *reader)
{
  static const struct { const char *word; gsize length; } words[] = {
    { "true", 4 }, { "false", 5 }, { "null", 4 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if ((gsize)(reader->end - reader->p) >= words[i].length &&
        memcmp (reader->p, words[i].word, words[i].length) == 0)
      {
        reader->p += words[i].length;
        if (i == 2)
          return json_node_init_null (json_node_alloc ());
        return json_node_init_boolean (json_node_alloc (), i == 0);
      }
  return fail_node (reader, CAIRN_JSON_PARSE_SYNTAX);
}

/* Whether the next thing (after blanks) is @c; it is skipped if so. */
static gboolean
next_is (Reader *reader,
         guchar  c)
{
  skip_blanks (reader);
  if (reader->p < reader->end && *reader->p == c)
    {
      reader->p++;
      return TRUE;
    }
  return FALSE;
}

/* After "{" or "[": whether it is closed by @close at once, or one more
 * level may be entered. */
static gboolean
enter (Reader  *reader,
       guchar   close,
       gboolean *empty)
{
  if (++reader->depth > reader->max_depth)
    return fail (reader, CAIRN_JSON_PARSE_TOO_DEEP);
  *empty = next_is (reader, close);
  return TRUE;
}

/* After a member or an element: whether another follows (a comma) or the
 * container ends (@close); anything else is an error. */
static gboolean
another_follows (Reader  *reader,
                 guchar   close,
                 gboolean *done)
{
  if (next_is (reader, ','))
    return !(*done = FALSE);
  if (next_is (reader, close))
    return *done = TRUE;
  return fail (reader, CAIRN_JSON_PARSE_SYNTAX);
}

static gboolean
read_member (Reader     *reader,
             JsonObject *object)
{
  gsize mark = reader->scratch.length;
  JsonNode *value;

  skip_blanks (reader);
  if (reader->p >= reader->end || *reader->p != '"')
    return fail (reader, CAIRN_JSON_PARSE_SYNTAX);
  if (!read_string (reader))
    return FALSE;
  /* the name stays NUL-terminated in the scratch while the value adds to
   * it, and goes when the member is set */
  scratch_append (&reader->scratch, "", 1);
  if (!next_is (reader, ':'))
    return fail (reader, CAIRN_JSON_PARSE_SYNTAX);
  if ((value = read_value (reader)) == NULL)
    return FALSE;
  json_object_set_member (object, reader->scratch.data + mark, value);
  reader->scratch.length = mark;
  return TRUE;
}

static JsonNode *
read_object (Reader *reader)
{
  g_autoptr(JsonObject) object = json_object_new ();
  gboolean done;

  reader->p++;
  if (!enter (reader, '}', &done))
    return NULL;
  while (!done)
    if (!read_member (reader, object) || !another_follows (reader, '}', &done))
      return NULL;
  reader->depth--;
  return json_node_init_object (json_node_alloc (), object);
}

static JsonNode *
read_array (Reader *reader)
{
  g_autoptr(JsonArray) array = json_array_new ();
  gboolean done;

  reader->p++;
  if (!enter (reader, ']', &done))
    return NULL;
  while (!done)
    {
      JsonNode *element = read_value (reader);

      if (element == NULL)
        return NULL;
      json_array_add_element (array, element);
      if (!another_follows (reader, ']', &done))
        return NULL;
    }
  reader->depth--;
  return json_node_init_array (json_node_alloc (), array);
}

static JsonNode *
read_value (Reader *reader)
{
  skip_blanks (reader);
  if (reader->p >= reader->end)
    return fail_node (reader, CAIRN_JSON_PARSE_SYNTAX);
  switch (*reader->p)
    {
    case '{':
      return read_object (reader);
    case '[':
      return read_array (reader);
    case '"':
      return read_string_node (reader);
    case '-':
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
      return read_number (reader);
    default:
      return read_word (reader);
    }
}

/**
 * cairn_json_parse_object:
 * @text: one JSON text, not NUL-terminated
 * @length: its length in bytes
 * @max_depth: the deepest nesting taken; the object itself is level 1
 * @error_offset: (out) (optional): where an error was found, in bytes
 *
 * Parses @text, which must hold one JSON object (blanks around it aside).
 *
 * Returns: (transfer full) (nullable): a node holding the object, or %NULL
 *   with @error set to why
 */
JsonNode *
cairn_json_parse_object (const char          *text,
                         gsize                length,
                         guint                max_depth,
                         CairnJsonParseError *error,
                         gsize               *error_offset)
{
  Reader reader = {
    .start = (const guchar *)text,
    .p = (const guchar *)text,
    .end = (const guchar *)text + length,
    .max_depth = max_depth,
  };
  JsonNode *root = NULL;

  reader.scratch.data = reader.scratch.on_stack;
  reader.scratch.size = sizeof reader.scratch.on_stack;
  if (!next_is (&reader, '{'))
    fail (&reader, CAIRN_JSON_PARSE_NOT_OBJECT);
  else
    {
      reader.p--;
      root = read_object (&reader);
      skip_blanks (&reader);
      if (root != NULL && reader.p < reader.end)
        {
          g_clear_pointer (&root, json_node_unref);
          fail (&reader, CAIRN_JSON_PARSE_NOT_OBJECT);
        }
    }
  if (reader.scratch.data != reader.scratch.on_stack)
    g_free (reader.scratch.data);
  if (error != NULL)
    *error = reader.error;
  if (error_offset != NULL)
    *error_offset = reader.error_offset;
  return root;
}

/**
 * cairn_json_parse_line:
 *
 * One line of a session file, nested at most %CAIRN_JSON_MAX_DEPTH deep.
 *
 * Returns: (transfer full) (nullable): its object, or %NULL when it is not
 *   one (why does not matter to a reader skipping such lines)
 */
JsonObject *
cairn_json_parse_line (const char *line,
                       gsize       length)
{
  g_autoptr(JsonNode) root = cairn_json_parse_object (line, length, CAIRN_JSON_MAX_DEPTH, NULL, NULL);

  return root != NULL ? json_node_dup_object (root) : NULL;
}
