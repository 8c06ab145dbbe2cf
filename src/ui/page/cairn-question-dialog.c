/* cairn-question-dialog.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-question-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "page/cairn-question-dialog.h"

/* AskUserQuestion: each question with its options (one or several, as
 * the question says) and an "Other" answer. The answers go back keyed by
 * the question text (docs/protocol.md, "Plan mode, ExitPlanMode and
 * AskUserQuestion"). Dismissing denies, so the turn never waits forever. */
struct _CairnQuestionDialog
{
  AdwWindow               parent_instance;
  CairnSession           *session;
  CairnPermissionRequest *request;
  GtkBox                 *questions_box;
  GtkLabel               *error_label;
  GPtrArray              *questions;   /* Question* */
};

typedef struct
{
  char      *text;
  GPtrArray *options;      /* GtkCheckButton*, label in "answer" data */
  GtkEntry  *other;
  GtkCheckButton *other_check;
} Question;

G_DEFINE_FINAL_TYPE (CairnQuestionDialog, cairn_question_dialog, ADW_TYPE_WINDOW)

static void
question_free (Question *question)
{
  g_free (question->text);
  g_ptr_array_unref (question->options);
  g_free (question);
}

static GtkWidget *
option_label (const char *label,
              const char *description)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (label);
  GtkWidget *detail;

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_box_append (GTK_BOX (box), title);
  if (description == NULL || *description == '\0')
    return box;
  detail = gtk_label_new (description);
  gtk_label_set_xalign (GTK_LABEL (detail), 0);
  gtk_label_set_wrap (GTK_LABEL (detail), TRUE);
  gtk_widget_add_css_class (detail, "dim-label");
  gtk_widget_add_css_class (detail, "caption");
  gtk_box_append (GTK_BOX (box), detail);
  return box;
}

static GtkCheckButton *
add_option (GtkBox         *box,
            GtkCheckButton *group,
            const char     *label,
            const char     *description)
{
  GtkCheckButton *check = GTK_CHECK_BUTTON (gtk_check_button_new ());

  gtk_check_button_set_child (check, option_label (label, description));
  gtk_check_button_set_group (check, group);
  gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_object_set_data_full (G_OBJECT (check), "answer", g_strdup (label), g_free);
  gtk_box_append (box, GTK_WIDGET (check));
  return check;
}

/* Typing an "Other" answer chooses it. */
static void
other_changed_cb (GtkCheckButton *check,
                  GtkEditable    *entry)
{
  gtk_check_button_set_active (check, *gtk_editable_get_text (entry) != '\0');
}

static void
add_other (Question *question,
           GtkBox   *box,
           GtkCheckButton *group)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  question->other_check = GTK_CHECK_BUTTON (gtk_check_button_new_with_label (_("Other:")));
  gtk_check_button_set_group (question->other_check, group);
  question->other = GTK_ENTRY (gtk_entry_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (question->other), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (question->other), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Other answer"), -1);
  g_signal_connect_object (question->other, "changed", G_CALLBACK (other_changed_cb),
                           question->other_check, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (question->other_check));
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (question->other));
  gtk_box_append (box, row);
}

static GtkWidget *
heading_label (const char *text,
               const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
add_question (CairnQuestionDialog *self,
              CairnQuestion       *spec)
{
  Question *question = g_new0 (Question, 1);
  GtkBox *box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 6));
  gboolean multi = spec->multi_select;
  GtkCheckButton *group = NULL;

  question->text = g_strdup (spec->text);
  question->options = g_ptr_array_new ();
  gtk_box_append (box, heading_label (spec->header, "caption-heading"));
  gtk_box_append (box, heading_label (question->text, "heading"));
  for (guint i = 0; i < spec->options->len; i++)
    {
      CairnQuestionOption *option = g_ptr_array_index (spec->options, i);
      GtkCheckButton *check = add_option (box, multi ? NULL : group, option->label, option->description);

      group = group ? group : check;
      g_ptr_array_add (question->options, check);
    }
  add_other (question, box, multi ? NULL : group);
  gtk_box_append (self->questions_box, GTK_WIDGET (box));
  g_ptr_array_add (self->questions, question);
}

/* "Rust", or for several choices "Logging, Tests" (docs/protocol.md,
 * "Plan mode, ExitPlanMode and AskUserQuestion"). */
static char *
answer_of (Question *question)
{
  g_autoptr(GStrvBuilder) parts = g_strv_builder_new ();
  g_auto(GStrv) chosen = NULL;
  const char *other = gtk_editable_get_text (GTK_EDITABLE (question->other));

  for (guint i = 0; i < question->options->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (question->options, i)))
      g_strv_builder_add (parts, g_object_get_data (g_ptr_array_index (question->options, i), "answer"));
  if (gtk_check_button_get_active (question->other_check) && *other != '\0')
    g_strv_builder_add (parts, other);
  chosen = g_strv_builder_end (parts);
  return chosen[0] ? g_strjoinv (", ", chosen) : NULL;
}

static void
submit_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  CairnQuestionDialog *self = CAIRN_QUESTION_DIALOG (widget);
  g_autoptr(GHashTable) answers = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);

  for (guint i = 0; i < self->questions->len; i++)
    {
      Question *question = g_ptr_array_index (self->questions, i);
      char *answer = answer_of (question);
      if (answer == NULL)
        {
          gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
          return;
        }
      g_hash_table_insert (answers, question->text, answer);
    }
  cairn_session_answer_questions (self->session, self->request, answers);
}

static gboolean
cairn_question_dialog_close_request (GtkWindow *window)
{
  CairnQuestionDialog *self = CAIRN_QUESTION_DIALOG (window);

  cairn_session_deny (self->session, self->request,
                      "The user dismissed the questions without answering.", FALSE);
  return GTK_WINDOW_CLASS (cairn_question_dialog_parent_class)->close_request (window);
}

static void
state_changed_cb (CairnQuestionDialog    *self,
                  GParamSpec             *pspec,
                  CairnPermissionRequest *request)
{
  if (cairn_permission_request_get_state (request) != CAIRN_PERMISSION_PENDING)
    gtk_window_destroy (GTK_WINDOW (self));
}

static void
cairn_question_dialog_dispose (GObject *object)
{
  CairnQuestionDialog *self = (CairnQuestionDialog *)object;

  if (self->request != NULL)
    g_signal_handlers_disconnect_by_data (self->request, self);
  g_clear_object (&self->request);
  g_clear_object (&self->session);
  g_clear_pointer (&self->questions, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), CAIRN_TYPE_QUESTION_DIALOG);

  G_OBJECT_CLASS (cairn_question_dialog_parent_class)->dispose (object);
}

static void
cairn_question_dialog_class_init (CairnQuestionDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = cairn_question_dialog_dispose;
  window_class->close_request = cairn_question_dialog_close_request;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-question-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CairnQuestionDialog, questions_box);
  gtk_widget_class_bind_template_child (widget_class, CairnQuestionDialog, error_label);
  gtk_widget_class_install_action (widget_class, "questions.submit", NULL, submit_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
cairn_question_dialog_init (CairnQuestionDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->questions = g_ptr_array_new_with_free_func ((GDestroyNotify)question_free);
}

CairnQuestionDialog *
cairn_question_dialog_new (GtkWindow              *parent,
                           CairnSession           *session,
                           CairnPermissionRequest *request)
{
  CairnQuestionDialog *self;
  g_autoptr(GPtrArray) questions = cairn_permission_request_dup_questions (request);

  g_return_val_if_fail (CAIRN_IS_SESSION (session), NULL);

  self = g_object_new (CAIRN_TYPE_QUESTION_DIALOG, "transient-for", parent, NULL);
  self->session = g_object_ref (session);
  self->request = g_object_ref (request);
  for (guint i = 0; i < questions->len; i++)
    add_question (self, g_ptr_array_index (questions, i));
  g_signal_connect_object (request, "notify::state", G_CALLBACK (state_changed_cb), self,
                           G_CONNECT_SWAPPED);
  return self;
}
