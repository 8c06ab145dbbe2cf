/* cairn-code-block.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-code-block"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <gtksourceview/gtksource.h>

#include "rows/cairn-code-block.h"
#include "widgets/cairn-source-style.h"

/* How long the Copy button says "Copied" */
#define COPIED_FEEDBACK_MS 1500

/* A fenced or indented code block of a reply: the language, a Copy button
 * and the code, highlighted, in a read-only view that scrolls sideways
 * rather than wrapping (wrapped code is hard to read and to copy by eye). */
struct _CairnCodeBlock
{
  GtkWidget          parent_instance;

  GtkLabel          *language_label;
  AdwButtonContent  *copy_content;
  GtkSourceView     *source_view;

  char              *language;
  GString           *code;
  guint              feedback_id;
};

G_DEFINE_FINAL_TYPE (CairnCodeBlock, cairn_code_block, GTK_TYPE_WIDGET)

/* Names people write after a fence, for GtkSourceView 5.6's language ids.
 * Anything else is looked up as written (c, go, js, json, rust, …).
 * "python" is Python 2 there; replies mean Python 3. */
static const struct {
  const char *alias;
  const char *id;
} language_aliases[] = {
  { "bash", "sh" },
  { "c++", "cpp" },
  { "cxx", "cpp" },
  { "dockerfile", "docker" },
  { "golang", "go" },
  { "javascript", "js" },
  { "jsx", "js" },
  { "make", "makefile" },
  { "md", "markdown" },
  { "py", "python3" },
  { "python", "python3" },
  { "rs", "rust" },
  { "shell", "sh" },
  { "ts", "typescript" },
  { "tsx", "typescript" },
  { "yml", "yaml" },
  { "zsh", "sh" },
};

static GtkSourceLanguage *
lookup_language (const char *name)
{
  GtkSourceLanguageManager *manager = gtk_source_language_manager_get_default ();
  g_autofree char *lower = NULL;
  const char *id;

  if (name == NULL || *name == '\0')
    return NULL;

  lower = g_ascii_strdown (name, -1);
  id = lower;
  for (guint i = 0; i < G_N_ELEMENTS (language_aliases); i++)
    {
      if (strcmp (lower, language_aliases[i].alias) == 0)
        {
          id = language_aliases[i].id;
          break;
        }
    }
  return gtk_source_language_manager_get_language (manager, id);
}

static GtkSourceBuffer *
get_buffer (CairnCodeBlock *self)
{
  return GTK_SOURCE_BUFFER (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->source_view)));
}

static gboolean
reset_feedback_cb (gpointer data)
{
  CairnCodeBlock *self = data;

  g_assert (CAIRN_IS_CODE_BLOCK (self));

  self->feedback_id = 0;
  adw_button_content_set_icon_name (self->copy_content, "edit-copy-symbolic");
  adw_button_content_set_label (self->copy_content, _("Copy"));
  return G_SOURCE_REMOVE;
}

static void
copy_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  CairnCodeBlock *self = CAIRN_CODE_BLOCK (widget);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), self->code->str);

  adw_button_content_set_icon_name (self->copy_content, "object-select-symbolic");
  adw_button_content_set_label (self->copy_content, _("Copied"));
  g_clear_handle_id (&self->feedback_id, g_source_remove);
  self->feedback_id = g_timeout_add (COPIED_FEEDBACK_MS, reset_feedback_cb, self);
}

static void
set_language (CairnCodeBlock *self,
              const char     *language)
{
  GtkSourceLanguage *source_language = lookup_language (language);
  const char *shown = language;
  g_autofree char *accessible = NULL;

  g_free (self->language);
  self->language = g_strdup (language);

  if (source_language != NULL)
    shown = gtk_source_language_get_name (source_language);
  gtk_source_buffer_set_language (get_buffer (self), source_language);
  gtk_label_set_label (self->language_label, shown);

  if (shown != NULL && *shown != '\0')
    accessible = g_strdup_printf (_("Code, %s"), shown);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible != NULL ? accessible : _("Code"), -1);
}

/* While a reply streams, the code only grows: inserting the new tail keeps
 * GtkSourceView's highlighting incremental instead of starting over. */
static void
set_text (CairnCodeBlock *self,
          const char     *code)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (get_buffer (self));
  gsize old_len = self->code->len;

  if (strncmp (code, self->code->str, old_len) == 0)
    {
      GtkTextIter end;

      if (code[old_len] == '\0')
        return;
      gtk_text_buffer_get_end_iter (buffer, &end);
      gtk_text_buffer_insert (buffer, &end, code + old_len, -1);
    }
  else
    {
      gtk_text_buffer_set_text (buffer, code, -1);
    }
  g_string_assign (self->code, code);
}

/**
 * cairn_code_block_set_code:
 * @language: (nullable): the fence's language, as written ("py", "rust")
 * @code: the code
 *
 * Shows @code highlighted as @language; an unknown language shows plain.
 */
void
cairn_code_block_set_code (CairnCodeBlock *self,
                           const char     *language,
                           const char     *code)
{
  g_return_if_fail (CAIRN_IS_CODE_BLOCK (self));
  g_return_if_fail (code != NULL);

  if (language != NULL && *language == '\0')
    language = NULL;
  if (g_strcmp0 (language, self->language) != 0)
    set_language (self, language);
  set_text (self, code);
}

const char *
cairn_code_block_get_language (CairnCodeBlock *self)
{
  g_return_val_if_fail (CAIRN_IS_CODE_BLOCK (self), NULL);
  return self->language;
}

GtkWidget *
cairn_code_block_new (void)
{
  return g_object_new (CAIRN_TYPE_CODE_BLOCK, NULL);
}

static void
cairn_code_block_dispose (GObject *object)
{
  CairnCodeBlock *self = (CairnCodeBlock *)object;
  GtkWidget *child;

  g_clear_handle_id (&self->feedback_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), CAIRN_TYPE_CODE_BLOCK);
  /* The header and the scroller are children of a box layout, not bound */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (cairn_code_block_parent_class)->dispose (object);
}

static void
cairn_code_block_finalize (GObject *object)
{
  CairnCodeBlock *self = (CairnCodeBlock *)object;

  g_clear_pointer (&self->language, g_free);
  g_string_free (self->code, TRUE);

  G_OBJECT_CLASS (cairn_code_block_parent_class)->finalize (object);
}

static void
cairn_code_block_class_init (CairnCodeBlockClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_code_block_dispose;
  object_class->finalize = cairn_code_block_finalize;

  /* GtkSourceView's types and style schemes must be set up before the
   * template names GtkSourceView; this does it once. */
  gtk_source_init ();
  g_type_ensure (GTK_SOURCE_TYPE_VIEW);
  g_type_ensure (ADW_TYPE_BUTTON_CONTENT);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-code-block.ui");
  gtk_widget_class_set_css_name (widget_class, "codeblock");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_bind_template_child (widget_class, CairnCodeBlock, language_label);
  gtk_widget_class_bind_template_child (widget_class, CairnCodeBlock, copy_content);
  gtk_widget_class_bind_template_child (widget_class, CairnCodeBlock, source_view);

  gtk_widget_class_install_action (widget_class, "code-block.copy", NULL, copy_action);
}

static void
cairn_code_block_init (CairnCodeBlock *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->code = g_string_new (NULL);
  set_language (self, NULL);
  cairn_source_style_follow (get_buffer (self));
}
