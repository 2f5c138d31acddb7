# API (and worker) image: builds the NestJS app with its shared libraries, then runs it on a slim Node image.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/web/package.json apps/web/package.json
# npm ci rejects this lock (other platforms' optional binaries missing, see .ci/run); npm install keeps its versions.
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund
COPY . .
RUN npx nx run api:build --skip-nx-cache

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN (npm ci --omit=dev --no-audit --no-fund || npm install --omit=dev --no-audit --no-fund) && npm cache clean --force
COPY --from=build /app/dist/apps/api ./dist/apps/api
USER node
EXPOSE 3333
CMD ["node", "dist/apps/api/apps/api/src/main.js"]
