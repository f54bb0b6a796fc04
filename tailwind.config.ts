import type { Config } from 'tailwindcss'

// Purple primary and a deep indigo menu (SPEC §1); widths from SPEC §9.
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        primary: {
          50: '#f5f3ff',
          100: '#ede9fe',
          200: '#ddd6fe',
          300: '#c4b5fd',
          400: '#a78bfa',
          500: '#8b5cf6',
          600: '#7c3aed',
          700: '#6d28d9',
          800: '#5b21b6',
          900: '#4c1d95',
        },
        menu: {
          DEFAULT: '#1e1b4b',
          deep: '#140f3d',
          hover: '#2e2a6b',
          active: '#6d28d9',
          text: '#e0e7ff',
          muted: '#a5b4fc',
        },
      },
      width: {
        sider: '237px',
        // The collapsed desktop menu: a rail of icons.
        rail: '64px',
        org: '200px',
        lang: '50px',
      },
      screens: {
        // SPEC §9: 768/767 px in CSS, 992 px in logic (the drawer switch).
        md: '768px',
        lg: '992px',
      },
    },
  },
} satisfies Config
