public enum LanguageServerPlaceholder {}
